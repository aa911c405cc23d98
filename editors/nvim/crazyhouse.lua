-- The Neovim test of a Crazyhouse game: the real Neovim runs pgnls.lua
-- (the README's snippet) against the real pgnls binary on
-- editors/testdata/crazyhouse.pgn, and a user's keys show what the variant
-- adds: K over a capture shows the board with both pockets under it, and
-- <C-x><C-o> after "N@f" offers the drops of the knight White holds.
-- The second game drops a knight White does not hold: its illegal-move
-- diagnostic says the variant is known.
--
-- Run by editors/nvim_crazyhouse_test.go, which sets:
--   PGNLS_SNIPPET  this folder's pgnls.lua
--   PGNLS_FILE     a copy of editors/testdata/crazyhouse.pgn
-- with the pgnls binary first on PATH. It prints "pgnls-crazyhouse: ok" or
-- the failures on standard error, and exits 0 only when every check passed.

local e2e = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/e2e_helpers.lua")
local check, cursor_to, float_text, menu, abbrs = e2e.check, e2e.cursor_to, e2e.float_text, e2e.menu, e2e.abbrs

dofile(os.getenv("PGNLS_SNIPPET"))

local buf
local steps = e2e.steps({
  ok = "pgnls-crazyhouse: ok",
  timeout = 10000,
  status = function()
    return string.format("mode %s, line %q, menu %s, float %q, diagnostics %s", vim.api.nvim_get_mode().mode,
      vim.api.nvim_get_current_line(), abbrs(menu()), tostring(float_text()), vim.inspect(buf and vim.diagnostic.get(buf)))
  end,
})
local step = steps.step

-- 1. The file's one diagnostic: the drop of a knight White does not hold.
step("open the file", function()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("PGNLS_FILE")))
  buf = vim.api.nvim_get_current_buf()
end, function()
  return #vim.diagnostic.get(buf) > 0
end, function()
  local ds = vim.diagnostic.get(buf)
  check(#ds == 1 and ds[1].code == "illegal-move" and ds[1].message:find("no knight in the pocket", 1, true),
    "the diagnostics: %s", vim.inspect(ds))
end)

-- 2. K over 3. Nxe4: the board, and under it the pockets: White took a
-- knight, Black a pawn.
step("K over Nxe4", function()
  cursor_to("3. Nxe4")
  vim.cmd("normal! 3l")
  vim.api.nvim_input("K")
end, function()
  local text = float_text()
  return text and text:find("pocket", 1, true)
end, function()
  local text = float_text()
  check(text:find("3. Nxe4", 1, true), "K over Nxe4 shows %q", text)
  check(text:find("4  ·  ·  ·  · [♘] ·  ·  ·", 1, true), "K over Nxe4 shows no knight on e4: %q", text)
  check(text:find("White's pocket: ♘", 1, true), "K over Nxe4 shows no knight in White's pocket: %q", text)
  check(text:find("Black's pocket: ♟", 1, true), "K over Nxe4 shows no pawn in Black's pocket: %q", text)
end)
step("the cursor moves: the window closes", function()
  vim.api.nvim_input("w")
end, function()
  return float_text() == nil
end)

-- 3. At the end of the first game's moves, "4. N@f" and <C-x><C-o>: the
-- knight's drops on the f-file, the empty squares (f6 with check).
local moves_line
step("A 4. N@f<C-x><C-o>", function()
  moves_line = cursor_to("3. Nxe4 d5")
  vim.api.nvim_input("A 4. N@f<C-x><C-o>")
end, menu, function()
  local items = menu()
  check(abbrs(items) == "N@f3 N@f4 N@f5 N@f6+", "after N@f, the menu has %s", abbrs(items))
end)
step("choose N@f3", function()
  local keys
  for i, it in ipairs(menu()) do
    if it.abbr == "N@f3" then
      keys = string.rep("<C-n>", i - 1) .. "<C-y>"
    end
  end
  vim.api.nvim_input((keys or "") .. "<Esc>")
end, function()
  return menu() == nil and vim.api.nvim_get_mode().mode == "n"
end, function()
  local l = vim.api.nvim_buf_get_lines(buf, moves_line - 1, moves_line, false)[1]
  check(l == "1. e4 Nf6 2. Nc3 Nxe4 3. Nxe4 d5 4. N@f3", "the line is %q", l)
end)

-- 4. The drop is legal: the one diagnostic is still the second game's.
step("the drop is checked", nil, function()
  local ds = vim.diagnostic.get(buf)
  return #ds == 1 and ds[1].lnum > moves_line
end)

steps.start()
