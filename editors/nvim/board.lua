-- :PgnBoard for Neovim 0.7 and later, with either set-up (pgnls.lua or
-- lspconfig.lua): a split on the right shows the board at the cursor, from
-- pgnls's pgnls/position request (editors/lsp-extensions.md), and follows
-- the cursor as it moves (CursorMoved, CursorMovedI) and the text as it
-- changes. :PgnBoard again closes it.
--
-- Save it as ~/.config/nvim/plugin/pgnls-board.lua, next to the set-up.

local board = { buf = nil, win = nil, seq = 0 }
local group = vim.api.nvim_create_augroup("pgnls_board", { clear = true })

local function is_open()
  return board.win and vim.api.nvim_win_is_valid(board.win) and vim.api.nvim_win_get_buf(board.win) == board.buf
end

local function show(lines)
  if board.buf and vim.api.nvim_buf_is_valid(board.buf) then
    vim.bo[board.buf].modifiable = true
    vim.api.nvim_buf_set_lines(board.buf, 0, -1, false, lines)
    vim.bo[board.buf].modifiable = false
  end
end

-- The lines of an answer: the move just played and its line, the board,
-- the FEN, the side to move, the opening, and why the board is not the
-- cursor's position when it is not.
local function lines_of(r)
  if r == vim.NIL or not r then
    return { "(no game at the cursor)" }
  end
  local head = "Start"
  if r.move ~= vim.NIL and r.move then
    head = r.move.moveNumber .. (r.move.side == "white" and ". " or "... ") .. r.move.san
  end
  local path = {}
  for _, step in ipairs(r.line or {}) do
    table.insert(path, step.replaces .. " (" .. step.index .. ")")
  end
  local lines = { head .. ", " .. (#path == 0 and "main line" or "variation of " .. table.concat(path, " > ")), "" }
  for l in (r.board or ""):gmatch("[^\n]+") do
    table.insert(lines, l)
  end
  if r.fen ~= vim.NIL and r.fen then
    table.insert(lines, "")
    table.insert(lines, "FEN: " .. r.fen)
    table.insert(lines, (r.sideToMove == "white" and "White" or "Black") .. " to move, " .. r.legalMoveCount .. " legal moves")
  end
  if r.opening ~= vim.NIL and r.opening then
    table.insert(lines, "Opening: " .. r.opening.eco .. " " .. r.opening.name)
  end
  if r.problem then
    table.insert(lines, "")
    table.insert(lines, r.problem)
  end
  return lines
end

-- update asks for the position at the cursor of a pgn buffer; an answer
-- that a later request has overtaken is dropped.
local function update()
  local src = vim.api.nvim_get_current_buf()
  if not is_open() or vim.bo[src].filetype ~= "pgn" then
    return
  end
  local encoding
  for _, c in pairs(vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = src }) or vim.lsp.buf_get_clients(src)) do
    if c.name == "pgnls" then
      encoding = c.offset_encoding
    end
  end
  if not encoding then
    return
  end
  board.seq = board.seq + 1
  local seq = board.seq
  vim.lsp.buf_request(src, "pgnls/position", vim.lsp.util.make_position_params(0, encoding), function(err, result)
    if seq == board.seq then
      show(err and { "pgnls: " .. (err.message or tostring(err)) } or lines_of(result))
    end
  end)
end

vim.api.nvim_create_user_command("PgnBoard", function()
  if is_open() then
    vim.api.nvim_win_close(board.win, true)
    vim.api.nvim_clear_autocmds({ group = group })
    return
  end
  local src_win = vim.api.nvim_get_current_win()
  vim.cmd("botright vertical 44new")
  board.win, board.buf = vim.api.nvim_get_current_win(), vim.api.nvim_get_current_buf()
  vim.bo.buftype, vim.bo.bufhidden, vim.bo.swapfile = "nofile", "wipe", false
  vim.bo.filetype = "pgnboard"
  vim.wo.number, vim.wo.wrap = false, true
  vim.api.nvim_set_current_win(src_win)
  vim.api.nvim_create_autocmd({ "CursorMoved", "CursorMovedI", "TextChanged", "TextChangedI", "BufEnter" }, {
    group = group,
    callback = update,
  })
  update()
end, { desc = "pgnls: a split that shows the board at the cursor" })
