-- The Neovim end-to-end test: the real Neovim runs pgnls.lua (the snippet
-- of the README) against the real pgnls binary, and a PGN file is checked,
-- hovered, edited, formatted on save and completed as a user would.
--
-- Run by editors/nvim_test.go (go test ./editors -run Neovim), which sets:
--   PGNLS_SNIPPET  this folder's pgnls.lua
--   PGNLS_FILE     a copy of editors/testdata/opera.pgn to edit
--   PGNLS_WANT     editors/testdata/opera.fixed.w60.pgn, the file after the
--                  fix and format on save
-- with the pgnls binary first on PATH. It prints "pgnls-e2e: ok" or the failures on
-- standard error, and exits 0 only when every check passed.

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
local function finish()
  for _, client in ipairs(vim.lsp.get_active_clients()) do
    client.stop()
  end
  vim.wait(2000, function()
    return #vim.lsp.get_active_clients() == 0
  end, 20)
  if #failures > 0 then
    log("%d check(s) failed", #failures)
    vim.cmd("cquit 1")
  end
  log("\npgnls-e2e: ok")
  vim.cmd("qall!")
end
local function readfile(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

local TIMEOUT = 10000

-- The settings under test: lineWidth and a severity, to see that they reach
-- the server.
vim.g.pgnls_settings = { pgnls = { lineWidth = 60, severity = { ["str-order"] = "hint" } } }
dofile(os.getenv("PGNLS_SNIPPET"))

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

-- wait_codes waits until the buffer's diagnostics have exactly these codes.
local function wait_codes(buf, want, what)
  local ok = vim.wait(TIMEOUT, function()
    return codes(diagnostics(buf)) == want
  end, 20)
  return check(ok, "%s: diagnostics %s, want %s", what, codes(diagnostics(buf)), want)
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

-- find returns the 0-based line and byte column of the first occurrence of
-- text in the buffer.
local function find(buf, text)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(text, 1, true)
    if col then
      return i - 1, col - 1
    end
  end
  error("not in the buffer: " .. text)
end

local function float_lines()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      return vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), win
    end
  end
end

local function run()
  local file, want = os.getenv("PGNLS_FILE"), readfile(os.getenv("PGNLS_WANT"))
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  check(vim.bo[buf].filetype == "pgn", "filetype %q, want pgn", vim.bo[buf].filetype)

  -- 1. The diagnostics of the file as it is: their codes, and positions in
  -- bytes (line 9 holds "é" and "🏆" before Qb4: 100 bytes, 97 UTF-16
  -- units, which the client converts).
  if not wait_codes(buf, "illegal-move,result-mismatch,str-order", "open") then
    return
  end
  local ds = diagnostics(buf)
  expect_diag(ds, "str-order", 2, 0, 2, 14, H) -- severity from the settings
  local l, c = find(buf, "Qb4")
  check(l == 8 and c == 100, "Qb4 at %d:%d", l, c)
  local d = expect_diag(ds, "illegal-move", 8, 100, 8, 103, E)
  check(d and d.message:find("no queen can reach b4", 1, true), "illegal-move message %q", d and d.message)
  l, c = find(buf, " 0-1")
  expect_diag(ds, "result-mismatch", l, c + 1, l, c + 4, E)

  -- 2. Hover over the NAG $14: the floating window says what it means.
  l, c = find(buf, "$14")
  vim.api.nvim_win_set_cursor(0, { l + 1, c + 1 })
  vim.lsp.buf.hover()
  local lines, win
  vim.wait(TIMEOUT, function()
    lines, win = float_lines()
    return lines ~= nil
  end, 20)
  if check(lines, "hover over $14: no floating window") then
    local text = table.concat(lines, "\n")
    check(text:find("slight advantage", 1, true), "hover over $14 says %q", text)
    check(text:find("⩲", 1, true), "hover over $14 has no glyph: %q", text)
    vim.api.nvim_win_close(win, true)
  end

  -- 3. An edit: correct the illegal move. The diagnostics follow: the game
  -- now ends in checkmate, which the result contradicts.
  l, c = find(buf, "Qb4")
  vim.api.nvim_buf_set_text(buf, l, c, l, c + 3, { "Qb3" })
  if not wait_codes(buf, "result-mismatch,result-vs-position,str-order", "after correcting Qb4") then
    return
  end
  l, c = find(buf, " 0-1")
  expect_diag(diagnostics(buf), "result-vs-position", l, c + 1, l, c + 4, W)

  -- 4. Format on save (BufWritePre): the file written is in export format,
  -- at lineWidth 60, and the tag order warning goes.
  vim.cmd("write")
  local written = readfile(file)
  check(written == want, "the file written:\n%s\nwant:\n%s", written, want)
  local buffer = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n"
  check(buffer == want, "the buffer after :write:\n%s", buffer)
  wait_codes(buf, "result-mismatch,result-vs-position", "after formatting")

  -- 5. Completion after "1. e4 e5 2. N", in a game added at the end: the
  -- knight moves, through the client's own conversion to complete items.
  vim.api.nvim_buf_set_lines(buf, -1, -1, false, { "", '[Event "Completion"]', "", "1. e4 e5 2. N" })
  local last = vim.api.nvim_buf_line_count(buf) - 1
  local line = vim.api.nvim_buf_get_lines(buf, last, last + 1, false)[1]
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(buf),
    position = { line = last, character = #line },
  }
  local responses = vim.lsp.buf_request_sync(buf, "textDocument/completion", params, TIMEOUT)
  local words = {}
  for _, res in pairs(responses or {}) do
    check(res.err == nil, "completion error: %s", vim.inspect(res.err))
    for _, item in ipairs(vim.lsp.util.text_document_completion_list_to_complete_items(res.result or {}, "N")) do
      table.insert(words, item.word)
    end
  end
  table.sort(words)
  check(table.concat(words, " ") == "Na3 Nc3 Ne2 Nf3 Nh3", "completion after 2. N: %q", table.concat(words, " "))
  -- The new game has its own diagnostics.
  check(
    vim.wait(TIMEOUT, function()
      for _, d in ipairs(diagnostics(buf)) do
        if d.lnum >= last - 2 then
          return true
        end
      end
    end, 20),
    "no diagnostics for the game added: %s",
    codes(diagnostics(buf))
  )
end

-- After startup, outside any autocommand (whose events do not nest: the
-- file's BufRead would not fire).
vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    vim.schedule(function()
      local ok, err = pcall(run)
      if not ok then
        fail("error: %s", err)
      end
      finish()
    end)
  end,
})
