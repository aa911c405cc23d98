-- The Neovim end-to-end test of the engine analysis: the real Neovim runs
-- pgnls.lua (the README's set-up) against the real pgnls binary, whose
-- engine (the setting engine.path) is the fake engine of
-- analysis/uci/ucitest. On a game with a planted blunder (2... Qh4, the
-- queen left to the knight), a user types gra on the game's first line and
-- the number of "Analyse this game with the engine"; the engine-blunder
-- diagnostic comes on Qh4; gra there and the number of the $4 fix insert
-- the NAG.
--
-- Run by editors/nvim_engine_test.go, which sets PGNLS_SNIPPET (pgnls.lua),
-- PGNLS_FILE (a copy of editors/testdata/blunder.pgn) and PGNLS_ENGINE (the
-- fake engine), with the pgnls binary first on PATH. It prints
-- "pgnls-e2e: ok" or the failures on standard error, and exits 0 only when
-- every check passed.

local failures = {}
local function log(fmt, ...)
  io.stderr:write(string.format(fmt, ...) .. "\n")
end
local function fail(fmt, ...)
  local msg = string.format(fmt, ...)
  table.insert(failures, msg)
  log("\nFAIL: %s", msg)
end
local function check(cond, fmt, ...)
  if not cond then
    fail(fmt, ...)
  end
  return cond
end
local function clients()
  return (vim.lsp.get_clients or vim.lsp.get_active_clients)()
end
local function finish()
  for _, client in ipairs(clients()) do
    vim.lsp.stop_client(client.id)
  end
  vim.wait(2000, function()
    return #clients() == 0
  end, 20)
  if #failures > 0 then
    log("%d check(s) failed", #failures)
    vim.cmd("cquit 1")
  end
  log("\npgnls-e2e: ok")
  vim.cmd("qall!")
end

-- An analysis of five moves by the fake engine takes a fraction of a
-- second; the limit is for a loaded machine.
local TIMEOUT = 20000

vim.g.pgnls_settings = { pgnls = { engine = { path = os.getenv("PGNLS_ENGINE"), nodes = 1000 } } }
dofile(os.getenv("PGNLS_SNIPPET"))

local function find(text)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    local col = l:find(text, 1, true)
    if col then
      return i - 1, col - 1
    end
  end
  error("not in the buffer: " .. text)
end

local function cursor_to(text)
  local l, c = find(text)
  vim.api.nvim_win_set_cursor(0, { l + 1, c })
end

local function engine_diagnostic(buf)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "engine-blunder" then
      return d
    end
  end
end

-- vim.ui.select shows the code actions as a numbered list; the test types
-- the number of the action whose title holds pick_action, as a user would.
local pick_action, actions_shown
local ui_select = vim.ui.select
vim.ui.select = function(items, opts, on_choice)
  local format = opts.format_item or tostring
  actions_shown = {}
  local choice
  for i, item in ipairs(items) do
    local title = (format(item))
    table.insert(actions_shown, title)
    if pick_action and title:find(pick_action, 1, true) then
      choice = i
    end
  end
  vim.api.nvim_input((choice and tostring(choice) or "") .. "<CR>")
  return ui_select(items, opts, on_choice)
end

local steps = {}
local function step(name, act, until_, then_)
  table.insert(steps, { name = name, act = act, until_ = until_, then_ = then_ })
end

local buf

step("open the game", function()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("PGNLS_FILE")))
  buf = vim.api.nvim_get_current_buf()
end, function()
  for _, client in ipairs(clients()) do
    if client.name == "pgnls" and client.initialized ~= false and vim.lsp.buf_is_attached(buf, client.id) then
      return true
    end
  end
end, function()
  check(#vim.diagnostic.get(buf) == 0, "before the analysis: %s", vim.inspect(vim.diagnostic.get(buf)))
end)

step("gra on the game, Analyse this game", function()
  cursor_to("[Event")
  pick_action = "Analyse this game with the engine"
  vim.api.nvim_input("gra")
end, function()
  return engine_diagnostic(buf)
end, function()
  check(actions_shown and vim.tbl_contains(actions_shown, "Analyse this game with the engine"),
    "gra showed %s", vim.inspect(actions_shown))
  local d = engine_diagnostic(buf)
  local l, c = find("Qh4")
  check(d.lnum == l and d.col == c and d.end_col == c + 3, "engine-blunder at %d:%d-%d, want %d:%d-%d", d.lnum, d.col, d.end_col, l, c, c + 3)
  check(d.severity == vim.diagnostic.severity.INFO, "engine-blunder severity %s, want INFO", d.severity)
  check(d.message:find("Blunder", 1, true), "engine-blunder message %q", d.message)
end)

step("gra on Qh4, the $4 fix", function()
  cursor_to("Qh4")
  pick_action = "as a blunder: $4"
  vim.api.nvim_input("gra")
end, function()
  return vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1]:find("Qh4 $4", 1, true)
end, function()
  local l = vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1]
  check(l == "1. e4 e5 2. Nf3 Qh4 $4 3. Nxh4 *", "after the fix: %q", l)
end)

local function run(i)
  local s = steps[i]
  if not s then
    finish()
    return
  end
  local ok, err = pcall(s.act)
  if not ok then
    fail("%s: %s", s.name, err)
    finish()
    return
  end
  local deadline = vim.loop.now() + TIMEOUT
  local function poll()
    local ok2, done = pcall(s.until_)
    if not ok2 then
      fail("%s: %s", s.name, done)
      finish()
    elseif done then
      local ok3, err3 = pcall(s.then_)
      if not ok3 then
        fail("%s: %s", s.name, err3)
      end
      log("ok: %s", s.name)
      vim.schedule(function()
        run(i + 1)
      end)
    elseif vim.loop.now() > deadline then
      fail("%s: timed out (mode %s, diagnostics %s, line %q, actions %s)", s.name, vim.api.nvim_get_mode().mode,
        buf and vim.inspect(vim.diagnostic.get(buf)) or "-", vim.api.nvim_get_current_line(), vim.inspect(actions_shown))
      finish()
    else
      vim.defer_fn(poll, 20)
    end
  end
  vim.defer_fn(poll, 20)
end

vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    vim.schedule(function()
      run(1)
    end)
  end,
})
