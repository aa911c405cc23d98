#!/usr/bin/env bash
# Installs the VS Code that `npm run test:real` runs: code-server 4.100.3,
# which holds the full VS Code 1.100.3 build (server, web workbench, Node
# extension host), into test/real/code-server/node_modules, from the npm
# registry only. Chromium, the browser, comes from Debian
# (`apt-get install --no-install-recommends chromium`; .ci/run does it).
#
# A plain `npm install code-server` fails offline: its install scripts fetch
# prebuilt native modules from elsewhere. So the scripts are skipped and the
# few steps the test needs are done here (see /work/shared/design/real-vscode.md):
# argon2 built from source (code-server loads it even with --auth none),
# VS Code's own dependencies, and the links code-server's postinstall.sh makes.
# Running it again on a finished install does nothing.
set -euo pipefail
cd "$(dirname "$0")/code-server"

vscode=node_modules/code-server/lib/vscode
done_mark=node_modules/.pgnls-setup-done

major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" != 20 ]; then
  echo "setup.sh: code-server 4.100.3 needs Node 20; this is Node $(node --version)" >&2
  exit 1
fi

if [ -f "$done_mark" ] && [ "$done_mark" -nt package-lock.json ]; then
  echo "setup.sh: code-server is installed"
  exit 0
fi

npm ci --ignore-scripts --no-audit --no-fund
# Built against the Node headers Debian's nodejs ships in /usr/include/node.
npm_config_nodedir="${npm_config_nodedir:-/usr}" npm rebuild argon2
(
  cd "$vscode"
  npm install --ignore-scripts --omit=dev --no-audit --no-fund --no-save
  # What code-server's postinstall.sh links (its vscode_install):
  ln -sfn node_modules node_modules.asar
  ln -sfn code-linux.sh bin/remote-cli/code-server
  ln -sfn browser-linux.sh bin/helpers/browser.sh
)
touch "$done_mark"
echo "setup.sh: code-server installed in $(pwd)/node_modules/code-server"
