-- The Neovim end-to-end test: the real Neovim runs pgnls.lua (the snippet
-- of the README) against the real pgnls binary, and a PGN file is edited
-- with the keys the README names, as a user types them (nvim_input): K
-- hovers, typing in insert mode updates the diagnostics, :w formats, gra
-- applies a fix, <C-x><C-o> completes tag pairs, moves (after "N" and
-- "0-0") and NAGs, gqip formats a game, ]d and [d go to the diagnostics,
-- :PgnBoard (board.lua) opens the board that follows the cursor.
-- What is
-- checked is what a user sees: the floating window's text, the completion
-- menu (complete_info()), the buffer, the file written, the diagnostics.
--
-- Run by editors/nvim_test.go (go test ./editors -run Neovim), which sets:
--   PGNLS_SNIPPET  this folder's pgnls.lua
--   PGNLS_FILE     a copy of editors/testdata/opera.pgn to edit
--   PGNLS_WANT     editors/testdata/opera.fixed.w60.pgn, the file after the
--                  fix and format on save
-- with the pgnls binary first on PATH. It prints "pgnls-e2e: ok" or the
-- failures on standard error, and exits 0 only when every check passed.

local e2e = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/e2e_helpers.lua")
local log, fail, check, readfile = e2e.log, e2e.fail, e2e.check, e2e.readfile
local find, cursor_to, float_text, menu, abbrs = e2e.find, e2e.cursor_to, e2e.float_text, e2e.menu, e2e.abbrs

local TIMEOUT = 10000

-- The settings under test: lineWidth and a severity, to see that they reach
-- the server.
vim.g.pgnls_settings = { pgnls = { lineWidth = 60, severity = { ["str-order"] = "hint" } } }
dofile(os.getenv("PGNLS_SNIPPET"))
-- :PgnBoard, which works with either set-up, from the same folder.
dofile(vim.fn.fnamemodify(os.getenv("PGNLS_SNIPPET"), ":h") .. "/board.lua")

local E, W, H = vim.diagnostic.severity.ERROR, vim.diagnostic.severity.WARN, vim.diagnostic.severity.HINT

local function diagnostics(buf)
  local ds = vim.diagnostic.get(buf)
  table.sort(ds, function(a, b)
    if a.lnum ~= b.lnum then
      return a.lnum < b.lnum
    end
    if a.col ~= b.col then
      return a.col < b.col
    end
    return tostring(a.code) < tostring(b.code)
  end)
  return ds
end

local function codes(ds)
  local cs = {}
  for _, d in ipairs(ds) do
    table.insert(cs, tostring(d.code))
  end
  table.sort(cs)
  return table.concat(cs, ",")
end

-- expect_diag checks the diagnostic with code: 0-based line, byte columns,
-- severity, source.
local function expect_diag(ds, code, lnum, col, end_lnum, end_col, severity)
  for _, d in ipairs(ds) do
    if d.code == code then
      check(
        d.lnum == lnum and d.col == col and d.end_lnum == end_lnum and d.end_col == end_col,
        "%s at %d:%d-%d:%d, want %d:%d-%d:%d",
        code, d.lnum, d.col, d.end_lnum, d.end_col, lnum, col, end_lnum, end_col
      )
      check(d.severity == severity, "%s: severity %s, want %s", code, d.severity, severity)
      check(d.source == "pgnls", "%s: source %s", code, tostring(d.source))
      return d
    end
  end
  fail("no %s diagnostic", code)
end

local function line(n)
  return vim.api.nvim_buf_get_lines(0, n, n + 1, false)[1]
end

-- last_line returns the buffer's last line that is not empty: export
-- format ends the last game with an empty line (section 8.2.1).
local function last_line()
  for n = vim.api.nvim_buf_line_count(0) - 1, 0, -1 do
    if line(n) ~= "" then
      return line(n)
    end
  end
  return ""
end

-- has_line reports whether some line of the buffer is text.
local function has_line(text)
  for _, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    if l == text then
      return true
    end
  end
  return false
end

local function insert_mode()
  local m = vim.api.nvim_get_mode().mode
  return m == "i" or m == "ic"
end

-- choose returns the keys that select the menu item labelled label (the
-- first is selected when the menu opens) and accept it.
local function choose(items, label)
  for i, it in ipairs(items) do
    if it.abbr == label then
      return string.rep("<C-n>", i - 1) .. "<C-y>"
    end
  end
  error("no " .. label .. " in the menu: " .. abbrs(items))
end

-- The code actions gra shows: the test types the number of the one whose
-- title holds actions.pick.
local actions = e2e.pick_actions()

local buf
local steps = e2e.steps({
  ok = "pgnls-e2e: ok",
  timeout = TIMEOUT,
  status = function()
    return string.format("mode %s, diagnostics %s, line %q, menu %s, float %q", vim.api.nvim_get_mode().mode,
      buf and codes(diagnostics(buf)) or "-", vim.api.nvim_get_current_line(), vim.inspect(menu()), tostring((float_text())))
  end,
})
local step = steps.step

local file, want = os.getenv("PGNLS_FILE"), readfile(os.getenv("PGNLS_WANT"))

-- 1. The diagnostics of the file as it is: their codes, and positions in
-- bytes (line 9 holds "é" and "🏆" before Qb4: 100 bytes, 97 UTF-16
-- units, which the client converts).
step("open the file", function()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  buf = vim.api.nvim_get_current_buf()
end, function()
  return codes(diagnostics(buf)) == "illegal-move,result-mismatch,str-order"
end, function()
  check(vim.bo.filetype == "pgn", "filetype %q, want pgn", vim.bo.filetype)
  local ds = diagnostics(buf)
  expect_diag(ds, "str-order", 2, 0, 2, 14, H) -- severity from the settings
  local l, c = find("Qb4")
  check(l == 8 and c == 100, "Qb4 at %d:%d", l, c)
  local d = expect_diag(ds, "illegal-move", 8, 100, 8, 103, E)
  check(d and d.message:find("no queen can reach b4", 1, true), "illegal-move message %q", d and d.message)
  l, c = find(" 0-1")
  expect_diag(ds, "result-mismatch", l, c + 1, l, c + 4, E)
end)

-- 2. K over the NAG $14: the floating window says what it means.
step("K over $14", function()
  cursor_to("$14", 1)
  vim.api.nvim_input("K")
end, float_text, function()
  local text = float_text()
  check(text:find("slight advantage", 1, true), "K over $14 shows %q", text)
  check(text:find("⩲", 1, true), "K over $14 shows no glyph: %q", text)
end)

-- 3. K over a move: the board after it, White at the bottom, the move's
-- squares in brackets, and the FEN. Moving the cursor closes the window.
step("K over Nf3", function()
  cursor_to("Nf3")
  vim.api.nvim_input("K")
end, function()
  local text = float_text()
  return text and text:find("Nf3", 1, true)
end, function()
  local text = float_text()
  check(text:find("2. Nf3", 1, true) and text:find("White's 2nd move", 1, true), "K over Nf3 shows %q", text)
  check(text:find("3  ·  ·  ·  ·  · [♘] ·  ·", 1, true), "K over Nf3 shows no board: %q", text)
  check(text:find("FEN: ", 1, true), "K over Nf3 shows no FEN: %q", text)
end)
step("the cursor moves: the window closes", function()
  vim.api.nvim_input("w")
end, function()
  return float_text() == nil
end)

-- 4. Diagnostics while typing: ciw on the illegal Qb4, and Qb3 typed in
-- its place. Still in insert mode, the diagnostics follow: the game now
-- ends in checkmate, which the result contradicts.
step("ciwQb3, in insert mode", function()
  cursor_to("Qb4")
  vim.api.nvim_input("ciwQb3")
end, function()
  return insert_mode() and codes(diagnostics(buf)) == "result-mismatch,result-vs-position,str-order"
end, function()
  local l, c = find(" 0-1")
  expect_diag(diagnostics(buf), "result-vs-position", l, c + 1, l, c + 4, W)
end)

-- 5. :w formats before writing (BufWritePre): the file written is in
-- export format, at lineWidth 60, and the tag order warning goes.
step(":w", function()
  vim.api.nvim_input("<Esc>:w<CR>")
end, function()
  return not vim.bo[buf].modified and codes(diagnostics(buf)) == "result-mismatch,result-vs-position"
end, function()
  local written = readfile(file)
  check(written == want, "the file written:\n%s\nwant:\n%s", written, want)
  local buffer = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n"
  check(buffer == want, "the buffer after :w:\n%s", buffer)
end)

-- 6. gra on the result: the list of code actions; typing the number of
-- "Set the result to 1-0" applies it, and the game has no diagnostics
-- left.
step("gra on 0-1", function()
  cursor_to(" 0-1", 1)
  actions.pick = "Set the result to 1-0"
  vim.api.nvim_input("gra")
end, function()
  return #diagnostics(buf) == 0
end, function()
  check(actions.shown and #actions.shown >= 3, "gra showed %s", vim.inspect(actions.shown))
  check(vim.endswith(last_line(), "17. Rd8# 1-0"), "after the fix, the last line is %q", last_line())
end)

-- 7. <C-x><C-o> after "[Ev", in a game typed at the end: the tag pair,
-- inserted once, with its '[' (Neovim 0.7 ignores the edit's range and
-- replaces the word it sees, after the '[').
step("[Ev<C-x><C-o>", function()
  vim.api.nvim_input("Go<CR>[Ev<C-x><C-o>")
end, menu, function()
  local items = menu()
  check(items[1].abbr == "Event" and items[1].word == 'Event "?"]', "the first item after [Ev: %s", vim.inspect(items[1]))
  check(abbrs(items) == "Event EventDate EventSponsor", "after [Ev, the menu has %s", abbrs(items))
end)
step("<C-y> takes Event", function()
  vim.api.nvim_input("<C-y>")
end, function()
  return menu() == nil
end, function()
  check(vim.api.nvim_get_current_line() == '[Event "?"]', "the line is %q", vim.api.nvim_get_current_line())
end)

-- 8. After "2. N" the knight moves, and after "e5 N" the same with the
-- move number they need ("2. Nf3" in place of "N").
step("N<C-x><C-o>", function()
  vim.api.nvim_input("<CR><CR>1. e4 e5 N<C-x><C-o>")
end, menu, function()
  local items = menu()
  check(abbrs(items) == "Na3 Nc3 Ne2 Nf3 Nh3", "after e5 N, the menu has %s", abbrs(items))
  check(items[1].word == "2. Na3", "the first item inserts %q", items[1].word)
end)
step("choose Nf3", function()
  vim.api.nvim_input(choose(menu(), "Nf3"))
end, function()
  return menu() == nil
end, function()
  check(vim.api.nvim_get_current_line() == "1. e4 e5 2. Nf3", "the line is %q", vim.api.nvim_get_current_line())
end)

-- 9. "0-0" finds O-O, the one match, which Neovim inserts at once.
step("0-0<C-x><C-o>", function()
  vim.api.nvim_input(" Nc6 3. Bc4 Bc5 4. 0-0<C-x><C-o>")
end, function()
  return vim.endswith(vim.api.nvim_get_current_line(), " 4. O-O")
end, function()
  local info = vim.fn.complete_info({ "items" })
  check(#info.items == 1 and info.items[1].word == "O-O", "after 4. 0-0, the matches are %s", vim.inspect(info.items))
end)

-- 10. "$14" completes to the NAG, inserted once, with its meaning beside it.
step("$14<C-x><C-o>", function()
  vim.api.nvim_input(" $14<C-x><C-o>")
end, menu, function()
  local items = menu()
  check(items[1].abbr == "$14" and items[1].menu:find("slight advantage", 1, true), "the first item after $14: %s", vim.inspect(items[1]))
end)
step("<C-y> takes $14", function()
  vim.api.nvim_input("<C-y>")
end, function()
  return menu() == nil
end, function()
  check(vim.endswith(vim.api.nvim_get_current_line(), " 4. O-O $14"), "the line is %q", vim.api.nvim_get_current_line())
end)

-- 11. gqip formats the game the paragraph is in: "4...Nf6" gets its blank
-- (and the game, the last, its empty line after it). The new game has
-- diagnostics of its own (no result, missing tags).
step("gqip", function()
  vim.api.nvim_input(" 4...Nf6<Esc>gqip")
end, function()
  return has_line("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O $14 4... Nf6")
end)

-- 12. ]d goes to the next diagnostic: from the top, the first of the new
-- game.
local first_new
step("gg]d", function()
  vim.api.nvim_input("gg")
end, function()
  for _, d in ipairs(diagnostics(buf)) do
    first_new = d
    return vim.api.nvim_win_get_cursor(0)[1] == 1
  end
end)
step("]d", function()
  vim.api.nvim_input("]d")
end, function()
  local pos = vim.api.nvim_win_get_cursor(0)
  return pos[1] == first_new.lnum + 1 and pos[2] == first_new.col
end, function()
  check(line(first_new.lnum) == '[Event "?"]', "]d went to line %q (%s)", line(first_new.lnum), first_new.code)
end)

-- 13. [d goes to the previous one: from the first, round to the last.
-- A publication of the diagnostics that lands just as [d is read can leave
-- the cursor where it was (the list is being replaced); a user would press
-- [d again, and so does the test, once, two seconds on, if the cursor has
-- not moved.
local pressed_at, pressed_again
step("[d", function()
  pressed_at = vim.loop.now()
  vim.api.nvim_input("[d")
end, function()
  local ds = diagnostics(buf)
  local last = ds[#ds]
  local pos = vim.api.nvim_win_get_cursor(0)
  if not pressed_again and vim.loop.now() - pressed_at > 2000
      and pos[1] == first_new.lnum + 1 and pos[2] == first_new.col then
    pressed_again = true
    log("[d: the cursor did not move; [d again")
    vim.api.nvim_input("[d")
  end
  return #ds > 1 and pos[1] == last.lnum + 1 and pos[2] == last.col
end)

-- 14. :PgnBoard opens a split on the right with the board at the cursor
-- (pgnls/position): after "/Bxf3", the bishop on f3, in brackets with the
-- square it came from, and the FEN. The cursor stays in the game.
local function board_lines()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    local b = vim.api.nvim_win_get_buf(win)
    if vim.bo[b].filetype == "pgnboard" then
      return vim.api.nvim_buf_get_lines(b, 0, -1, false), win
    end
  end
end
local function board_shows(text)
  local lines = board_lines()
  return lines ~= nil and vim.tbl_contains(lines, text)
end
step(":PgnBoard", function()
  vim.api.nvim_input("gg/Bxf3<CR>:PgnBoard<CR>")
end, function()
  return board_shows("4... Bxf3, main line")
end, function()
  local lines, win = board_lines()
  check(vim.api.nvim_get_current_buf() == buf, "the cursor left the game for buffer %d", vim.api.nvim_get_current_buf())
  check(vim.api.nvim_win_get_position(win)[2] > 0, "the board is not on the right")
  check(vim.tbl_contains(lines, "3  ·  ·  ·  ·  · [♝] ·  ·"), "no bishop on f3:\n%s", table.concat(lines, "\n"))
  check(vim.tbl_contains(lines, "8  ♜  ♞  ·  ♛  ♚  ♝  ♞  ♜"), "the bishop is still on c8:\n%s", table.concat(lines, "\n"))
  check(vim.tbl_contains(lines, "FEN: rn1qkbnr/ppp2ppp/3p4/4P3/4P3/5b2/PPP2PPP/RNBQKB1R w KQkq - 0 5"), "FEN:\n%s", table.concat(lines, "\n"))
  check(vim.tbl_contains(lines, "White to move, 35 legal moves"), "side and legal moves:\n%s", table.concat(lines, "\n"))
end)

-- 15. The board follows the cursor: WW goes on to "Qxf3" (the queen takes
-- on f3), BB back to "Bxf3".
step("the board follows W", function()
  vim.api.nvim_input("WW")
end, function()
  return board_shows("5. Qxf3, main line")
end, function()
  check(board_shows("3  ·  ·  ·  ·  · [♕] ·  ·"), "no queen on f3:\n%s", table.concat(board_lines(), "\n"))
end)
step("the board follows B", function()
  vim.api.nvim_input("BB")
end, function()
  return board_shows("4... Bxf3, main line")
end)

-- 16. :PgnBoard again closes the split.
step(":PgnBoard closes", function()
  vim.api.nvim_input(":PgnBoard<CR>")
end, function()
  return board_lines() == nil
end)

steps.start()
