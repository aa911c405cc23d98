-- The Neovim test of format on save in a large database: the real Neovim
-- runs pgnls.lua (the README's snippet, as it is: lineWidth 79, format on
-- save with its 2 s limit) against the real pgnls binary, on a 30 MB
-- database in export format. As a user would: it opens the file, waits for
-- the diagnostics and for pgnls and Neovim to finish their work (their CPU
-- time stops growing: the first analysis, the background formatting of a
-- large document, the highlighting), unformats one move ("1. e4" typed as
-- "1.  e4"), and presses :w.
-- The file written must be the database as it was (the move formatted
-- again), and no message may say the formatting timed out (Neovim 0.7
-- says "vim.lsp.buf.formatting_sync: timeout", later ones "[LSP][pgnls]
-- timeout", and write the file unformatted).
--
-- Run by editors/nvim_bigfile_test.go, which sets:
--   PGNLS_SNIPPET  this folder's pgnls.lua
--   PGNLS_FILE     the database to edit (in export format at width 79)
--   PGNLS_WANT     a copy of it, what the file must be after :w
--   PGNLS_LINE     the 1-based line where the move is unformatted: it
--                  starts with "1. "
-- with the pgnls binary first on PATH. It prints "pgnls-bigfile: ok" and
-- the time :w took, or the failures, on standard error, and exits 0 only
-- when every check passed.
local e2e = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/e2e_helpers.lua")
local log, fail, readfile = e2e.log, e2e.fail, e2e.readfile

-- What Neovim tells the user: a format request that timed out is a
-- warning through vim.notify.
local warnings = {}
local notify = vim.notify
vim.notify = function(msg, level, opts)
  if level and level >= vim.log.levels.WARN then
    table.insert(warnings, msg)
  end
  return notify(msg, level, opts)
end

-- The time of :w, from before the snippet's BufWritePre (defined after
-- this one, so run after it) to the file written.
local save_started, save_took
vim.api.nvim_create_autocmd("BufWritePre", {
  pattern = "*.pgn",
  callback = function()
    save_started = vim.loop.hrtime()
  end,
})
vim.api.nvim_create_autocmd("BufWritePost", {
  pattern = "*.pgn",
  callback = function()
    save_took = (vim.loop.hrtime() - save_started) / 1e6
  end,
})

dofile(os.getenv("PGNLS_SNIPPET"))

local file, want_path, edit_line = os.getenv("PGNLS_FILE"), os.getenv("PGNLS_WANT"), tonumber(os.getenv("PGNLS_LINE"))
local buf

-- server_stat is the /proc stat file of the pgnls that Neovim started.
local function server_stat()
  local nvim = tostring(vim.fn.getpid())
  for _, stat in ipairs(vim.fn.glob("/proc/[0-9]*/stat", false, true)) do
    local f = io.open(stat)
    if f then
      local s = f:read("*l") or ""
      f:close()
      local comm, rest = s:match("^%d+ %((.*)%) (.*)$")
      if comm == "pgnls" and rest:match("^%S+ (%d+)") == nvim then
        return stat
      end
    end
  end
end

-- cpu_ticks is the CPU time a process has used, in clock ticks (utime and
-- stime: the 14th and 15th fields, the 12th and 13th after the command).
local function cpu_ticks(stat)
  local f = io.open(stat)
  if not f then
    return nil
  end
  local s = f:read("*l") or ""
  f:close()
  local fields = vim.split(s:match("%) (.*)$") or "", " ", { plain = true })
  return (tonumber(fields[12]) or 0) + (tonumber(fields[13]) or 0)
end

-- The steps, each with its own time limit: the first analysis of 30 MB
-- and the settling take minutes on a loaded machine.
local steps = e2e.steps({
  ok = "pgnls-bigfile: ok",
  poll = 50,
  stop_ms = 5000,
  status = function()
    return string.format("mode %s, modified %s, warnings %s", vim.api.nvim_get_mode().mode,
      tostring(buf and vim.bo[buf].modified), vim.inspect(warnings))
  end,
})
local function step(name, timeout, act, until_, then_)
  steps.step(name, act, until_, then_, timeout)
end

-- 1. Open the database; the diagnostics come after its first analysis.
local opened_at
step("open the database", 120000, function()
  opened_at = vim.loop.hrtime()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  buf = vim.api.nvim_get_current_buf()
end, function()
  return #vim.diagnostic.get(buf) > 0
end, function()
  log("diagnostics after %d ms: %d lines, %d diagnostics", (vim.loop.hrtime() - opened_at) / 1e6,
    vim.api.nvim_buf_line_count(buf), #vim.diagnostic.get(buf))
end)

-- 2. pgnls and Neovim are done: the CPU time of each grew by 2 ticks at
-- most (20 ms) in each of the last two seconds. A user reads the
-- diagnostics before editing; what the test waits for is the background
-- formatting that makes the first save fast, and in Neovim 0.10 and later
-- the highlighting of the whole file (the semantic tokens of 30 MB, which
-- Neovim decodes and applies for a while after pgnls has sent them).
local stats, last_ticks, last_at, quiet
local function ticks_now()
  local t = {}
  for i, stat in ipairs(stats) do
    t[i] = cpu_ticks(stat)
    if not t[i] then
      error(stat .. " is gone: pgnls exited")
    end
  end
  return t
end
step("pgnls and Neovim settle", 240000, function()
  local server = server_stat()
  if not server then
    error("no pgnls process under this Neovim")
  end
  stats = { server, "/proc/" .. vim.fn.getpid() .. "/stat" }
  last_ticks, last_at, quiet = ticks_now(), vim.loop.now(), 0
end, function()
  if vim.loop.now() - last_at < 1000 then
    return false
  end
  local ticks = ticks_now()
  local still = ticks[1] - last_ticks[1] <= 2 and ticks[2] - last_ticks[2] <= 2
  quiet = still and quiet + 1 or 0
  last_ticks, last_at = ticks, vim.loop.now()
  return quiet >= 2
end, function()
  log("settled %d ms after the file was opened, after %d ms of pgnls's CPU and %d ms of Neovim's",
    (vim.loop.hrtime() - opened_at) / 1e6, last_ticks[1] * 10, last_ticks[2] * 10)
end)

-- 3. Unformat one move in the middle: a blank typed after "1.".
step("i<Space> after 1.", 10000, function()
  local text = vim.api.nvim_buf_get_lines(buf, edit_line - 1, edit_line, false)[1]
  if not vim.startswith(text, "1. ") then
    error(string.format("line %d is %q, not a line of moves from 1.", edit_line, text))
  end
  vim.api.nvim_win_set_cursor(0, { edit_line, 2 })
  vim.api.nvim_input("i <Esc>")
end, function()
  local text = vim.api.nvim_buf_get_lines(buf, edit_line - 1, edit_line, false)[1]
  return vim.startswith(text, "1.  ") and vim.api.nvim_get_mode().mode == "n" and vim.bo[buf].modified
end)

-- 4. :w formats the whole file within the snippet's 2 s, then writes it.
step(":w", 60000, function()
  vim.api.nvim_input(":w<CR>")
end, function()
  return save_took ~= nil and not vim.bo[buf].modified
end, function()
  log("save took %d ms (format on save and writing %d bytes)", save_took, vim.fn.getfsize(file))
  for _, w in ipairs(warnings) do
    fail("Neovim warned: %s", w)
  end
  local text = vim.api.nvim_buf_get_lines(buf, edit_line - 1, edit_line, false)[1]
  if not vim.startswith(text, "1. ") or vim.startswith(text, "1.  ") then
    fail("after :w, line %d is %q: the move was not formatted", edit_line, text)
  end
  if readfile(file) ~= readfile(want_path) then
    fail("the file written is not the database in export format")
  end
end)

steps.start()
