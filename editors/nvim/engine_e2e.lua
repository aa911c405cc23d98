-- The Neovim end-to-end test of the engine analysis: the real Neovim runs
-- pgnls.lua (the README's set-up) against the real pgnls binary, whose
-- engine (the setting engine.path) is the fake engine of
-- analysis/uci/ucitest. On a game with a planted blunder (2... Qh4, the
-- queen left to the knight), a user types gra on the game's first line and
-- the number of "Analyse this game with the engine"; the engine-blunder
-- diagnostic comes on Qh4; gra there and the number of the $4 fix insert
-- the NAG, and the diagnostic goes.
--
-- Run by editors/nvim_engine_test.go, which sets PGNLS_SNIPPET (pgnls.lua),
-- PGNLS_FILE (a copy of editors/testdata/blunder.pgn) and PGNLS_ENGINE (the
-- fake engine), with the pgnls binary first on PATH. It prints
-- "pgnls-e2e: ok" or the failures on standard error, and exits 0 only when
-- every check passed.

local e2e = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/e2e_helpers.lua")
local check, find, cursor_to = e2e.check, e2e.find, e2e.cursor_to

-- An analysis of five moves by the fake engine takes a fraction of a
-- second; the limit is for a loaded machine.
local TIMEOUT = 20000

vim.g.pgnls_settings = { pgnls = { engine = { path = os.getenv("PGNLS_ENGINE"), nodes = 1000 } } }
dofile(os.getenv("PGNLS_SNIPPET"))

local function engine_diagnostic(buf)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "engine-blunder" then
      return d
    end
  end
end

-- The code actions gra shows: the test types the number of the one whose
-- title holds actions.pick, as a user would.
local actions = e2e.pick_actions()

local buf
local steps = e2e.steps({
  ok = "pgnls-e2e: ok",
  timeout = TIMEOUT,
  status = function()
    return string.format("mode %s, diagnostics %s, line %q, actions %s", vim.api.nvim_get_mode().mode,
      buf and vim.inspect(vim.diagnostic.get(buf)) or "-", vim.api.nvim_get_current_line(), vim.inspect(actions.shown))
  end,
})
local step = steps.step

step("open the game", function()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("PGNLS_FILE")))
  buf = vim.api.nvim_get_current_buf()
end, function()
  for _, client in ipairs(e2e.clients()) do
    if client.name == "pgnls" and client.initialized ~= false and vim.lsp.buf_is_attached(buf, client.id) then
      return true
    end
  end
end, function()
  check(#vim.diagnostic.get(buf) == 0, "before the analysis: %s", vim.inspect(vim.diagnostic.get(buf)))
end)

step("gra on the game, Analyse this game", function()
  cursor_to("[Event")
  actions.pick = "Analyse this game with the engine"
  vim.api.nvim_input("gra")
end, function()
  return engine_diagnostic(buf)
end, function()
  check(actions.shown and vim.tbl_contains(actions.shown, "Analyse this game with the engine"),
    "gra showed %s", vim.inspect(actions.shown))
  local d = engine_diagnostic(buf)
  local l, c = find("Qh4")
  check(d.lnum == l and d.col == c and d.end_col == c + 3, "engine-blunder at %d:%d-%d, want %d:%d-%d", d.lnum, d.col, d.end_col, l, c, c + 3)
  check(d.severity == vim.diagnostic.severity.INFO, "engine-blunder severity %s, want INFO", d.severity)
  check(d.message:find("Blunder", 1, true), "engine-blunder message %q", d.message)
end)

step("gra on Qh4, the $4 fix", function()
  cursor_to("Qh4")
  actions.pick = "as a blunder: $4"
  vim.api.nvim_input("gra")
end, function()
  -- The move marked, the diagnostic has nothing more to say.
  return vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1]:find("Qh4 $4", 1, true) and not engine_diagnostic(buf)
end, function()
  local l = vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1]
  check(l == "1. e4 e5 2. Nf3 Qh4 $4 3. Nxh4 *", "after the fix: %q", l)
end)

steps.start()
