-- What the Neovim end-to-end scripts share (e2e.lua, engine_e2e.lua,
-- crazyhouse.lua, bigfile.lua): the failure log, the buffer and window
-- reads a check makes, the code-action picker, and the steps that run one
-- after another from the main loop. Each script loads it from its own
-- folder:
--
--   local H = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/e2e_helpers.lua")
--
-- It is not part of the set-up a user copies (pgnls.lua, lspconfig.lua,
-- board.lua).

local H = {}

local failures = {}

function H.log(fmt, ...)
  io.stderr:write(string.format(fmt, ...) .. "\n")
end

-- fail records a failed check; the script goes on, and exits 1 at finish.
function H.fail(fmt, ...)
  local msg = string.format(fmt, ...)
  table.insert(failures, msg)
  H.log("\nFAIL: %s", msg)
end

function H.check(cond, fmt, ...)
  if not cond then
    H.fail(fmt, ...)
  end
  return cond
end

-- clients are the running LSP clients (get_clients from Neovim 0.10 on).
function H.clients()
  return (vim.lsp.get_clients or vim.lsp.get_active_clients)()
end

-- finish stops the clients, waiting up to stop_ms for them to go (so that
-- pgnls exits before Neovim), and exits: 1 after a failed check, else 0
-- after printing ok_line, which the Go test looks for.
function H.finish(ok_line, stop_ms)
  for _, client in ipairs(H.clients()) do
    vim.lsp.stop_client(client.id)
  end
  vim.wait(stop_ms or 2000, function()
    return #H.clients() == 0
  end, 20)
  if #failures > 0 then
    H.log("%d check(s) failed", #failures)
    vim.cmd("cquit 1")
  end
  H.log("\n%s", ok_line)
  vim.cmd("qall!")
end

function H.readfile(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

-- find returns the 0-based line and byte column of the first occurrence of
-- text in the current buffer.
function H.find(text)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    local col = l:find(text, 1, true)
    if col then
      return i - 1, col - 1
    end
  end
  error("not in the buffer: " .. text)
end

-- cursor_to puts the cursor on the first occurrence of text, plus offset
-- bytes, and returns its 1-based line. (Moving the cursor is not under
-- test; the keys after it are.)
function H.cursor_to(text, offset)
  local l, c = H.find(text)
  vim.api.nvim_win_set_cursor(0, { l + 1, c + (offset or 0) })
  return l + 1
end

-- float_text is the text of the floating window (a hover), or nil.
function H.float_text()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      return table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), "\n")
    end
  end
end

-- menu returns the completion menu's items once it shows.
function H.menu()
  local info = vim.fn.complete_info({ "items", "pum_visible" })
  if info.pum_visible == 1 and #info.items > 0 then
    return info.items
  end
end

function H.abbrs(items)
  local out = {}
  for _, it in ipairs(items or {}) do
    table.insert(out, it.abbr)
  end
  return table.concat(out, " ")
end

-- pick_actions replaces vim.ui.select, which shows the code actions as a
-- numbered list (inputlist()): the test reads the list as a user would and
-- types the number of the action whose title holds actions.pick, once the
-- list is there. actions.shown is the last list's titles.
function H.pick_actions()
  local actions = {}
  local ui_select = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    local format = opts.format_item or tostring
    actions.shown = {}
    local choice
    for i, item in ipairs(items) do
      local title = (format(item)) -- one value: format_item may return gsub's two
      table.insert(actions.shown, title)
      if actions.pick and title:find(actions.pick, 1, true) then
        choice = i
      end
    end
    vim.api.nvim_input((choice and tostring(choice) or "") .. "<CR>")
    return ui_select(items, opts, on_choice)
  end
  return actions
end

-- steps returns a list of steps: each does something (keys, mostly), then
-- waits until its until_ holds, then checks what it sees (then_). They run
-- one after another from the main loop, so that Neovim reads the keys as it
-- reads a user's. opts:
--   ok       the line finish prints when every check passed
--   timeout  how long a step may wait, in ms (a step may set its own)
--   poll     how often until_ is polled, in ms (20)
--   stop_ms  how long finish waits for the clients to stop (2000)
--   status   a function returning what the test sees, for a timed-out step
function H.steps(opts)
  local steps = { list = {} }

  function steps.step(name, act, until_, then_, timeout)
    table.insert(steps.list, { name = name, act = act, until_ = until_, then_ = then_, timeout = timeout })
  end

  local function finish()
    H.finish(opts.ok, opts.stop_ms)
  end

  local poll_ms = opts.poll or 20
  local function run(i)
    local s = steps.list[i]
    if not s then
      finish()
      return
    end
    local ok, err = pcall(s.act or function() end)
    if not ok then
      H.fail("%s: %s", s.name, err)
      finish()
      return
    end
    local deadline = vim.loop.now() + (s.timeout or opts.timeout)
    local function poll()
      local ok2, done = pcall(s.until_ or function()
        return true
      end)
      if not ok2 then
        H.fail("%s: %s", s.name, done)
        finish()
      elseif done then
        if s.then_ then
          local ok3, err3 = pcall(s.then_)
          if not ok3 then
            H.fail("%s: %s", s.name, err3)
          end
        end
        H.log("ok: %s", s.name)
        vim.schedule(function()
          run(i + 1)
        end)
      elseif vim.loop.now() > deadline then
        H.fail("%s: timed out (%s)", s.name, opts.status and opts.status() or "")
        finish()
      else
        vim.defer_fn(poll, poll_ms)
      end
    end
    vim.defer_fn(poll, poll_ms)
  end

  -- start runs the steps after startup, outside any autocommand (whose
  -- events do not nest: the file's BufRead would not fire).
  function steps.start()
    vim.api.nvim_create_autocmd("VimEnter", {
      callback = function()
        vim.schedule(function()
          run(1)
        end)
      end,
    })
  end

  return steps
end

return H
