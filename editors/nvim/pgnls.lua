-- pgnls in Neovim 0.7 and later, without plugins: *.pgn files get the pgn
-- filetype and the pgnls language server, on Neovim's own keys:
--
--   K                  hover: the position after the move under the cursor
--                      (a board), what a NAG or a tag means
--   <C-x><C-o>         (insert mode) complete: moves, tag pairs, tag values,
--                      NAGs, results
--   gq{motion}         format the games the lines touch (gqip, gggqG)
--   gra                code actions: the fixes of the diagnostics under the
--                      cursor, fix all, format the game
--   ]d  [d             the next and the previous diagnostic
--   :w                 formats the whole file before writing it
--
-- Diagnostics follow the typing, in insert mode too.
--
-- Put this in your init.lua, or save it as ~/.config/nvim/plugin/pgnls.lua.
-- `pgnls` must be on PATH (`go install ./cmd/pgnls` from pgnls's source puts
-- it in $(go env GOPATH)/bin), or change cmd below.

-- The server's settings (README, "Settings"). `init_options` is read when
-- the server starts; `settings` answers its workspace/configuration
-- requests. vim.g.pgnls_settings, when set before this file runs, replaces
-- them. (An empty table must be vim.empty_dict(), or it is sent as [].)
local pgnls_settings = vim.g.pgnls_settings or {
  pgnls = {
    lineWidth = 79,
    maxDiagnostics = 100,
    -- severity = { ["missing-tag"] = "off" },
  },
}

local group = vim.api.nvim_create_augroup("pgnls", { clear = true })

-- Filetype detection. (vim.filetype.add needs Neovim 0.8, or 0.7 with
-- vim.g.do_filetype_lua = 1; an autocommand works everywhere.)
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  group = group,
  pattern = "*.pgn",
  command = "setfiletype pgn",
})

-- Omni completion (<C-x><C-o>) before Neovim 0.11 keeps only the items
-- whose text starts with the word typed: "N" would lose "2. Nf3" (a move
-- with the number it needs) and "0-0" would find no "O-O". pgnls filters
-- by what was typed itself: this shows its list as it is, from where its
-- edits start. (From 0.11 on, vim.lsp.omnifunc filters by the items'
-- filterText, as pgnls means it.)
function _G.pgnls_omnifunc(findstart)
  if findstart == 0 then
    return {} -- complete() below shows the items
  end
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  local params = vim.lsp.util.make_position_params()
  vim.lsp.buf_request(0, "textDocument/completion", params, function(err, result)
    if err or not result or vim.fn.mode() ~= "i" then
      return
    end
    local line = vim.api.nvim_get_current_line()
    local items = result.items or result
    table.sort(items, function(a, b)
      return (a.sortText or a.label) < (b.sortText or b.label)
    end)
    local start, words = col, {}
    for _, item in ipairs(items) do
      local edit, doc = item.textEdit, item.documentation
      if edit and edit.range.start.line == row - 1 then
        start = math.min(start, vim.str_byteindex(line, edit.range.start.character, true))
      end
      table.insert(words, {
        word = edit and edit.newText or item.insertText or item.label,
        abbr = item.label,
        menu = item.detail,
        info = type(doc) == "table" and doc.value or doc,
        icase = 1,
        dup = 1,
        empty = 1,
      })
    end
    vim.fn.complete(start + 1, words)
  end)
  return -2 -- the items come when pgnls answers
end

-- The keys above, in each buffer pgnls attaches to.
local function on_attach(client, bufnr)
  vim.bo[bufnr].omnifunc = vim.lsp.completion and "v:lua.vim.lsp.omnifunc" or "v:lua.pgnls_omnifunc"
  vim.bo[bufnr].formatexpr = "v:lua.vim.lsp.formatexpr(#{timeout_ms: 2000})"
  local function map(lhs, rhs)
    vim.keymap.set("n", lhs, rhs, { buffer = bufnr })
  end
  map("K", vim.lsp.buf.hover)
  map("gra", vim.lsp.buf.code_action)
  if vim.fn.has("nvim-0.10") == 0 then -- 0.10 has ]d and [d
    map("]d", vim.diagnostic.goto_next)
    map("[d", vim.diagnostic.goto_prev)
  end
  vim.diagnostic.config({ update_in_insert = true }, vim.lsp.diagnostic.get_namespace(client.id))
end

-- Completions come as text, not snippets: omni completion inserts an
-- item's text, and a snippet's marks would be typed in as they are.
local capabilities = vim.lsp.protocol.make_client_capabilities()
capabilities.textDocument.completion.completionItem.snippetSupport = false

local pgnls_client_id -- Neovim 0.7: the one client, shared by every buffer

vim.api.nvim_create_autocmd("FileType", {
  group = group,
  pattern = "pgn",
  callback = function(args)
    -- A move (O-O-O, exd8=Q+), a NAG ($14) and a result (1/2-1/2) are
    -- words, as pgnls's completions replace them: w, ciw and * take them
    -- whole.
    vim.bo[args.buf].iskeyword = "@,48-57,_,192-255,35,36,43,45,47,61"
    local config = {
      name = "pgnls",
      cmd = { "pgnls" },
      root_dir = vim.fn.getcwd(),
      init_options = pgnls_settings,
      settings = pgnls_settings,
      capabilities = capabilities,
      on_attach = on_attach,
    }
    if vim.lsp.start then -- 0.8 and later: reuses a running pgnls
      vim.lsp.start(config, { bufnr = args.buf })
      return
    end
    local client = pgnls_client_id and vim.lsp.get_client_by_id(pgnls_client_id)
    if not client or client.is_stopped() then
      pgnls_client_id = vim.lsp.start_client(config)
    end
    if pgnls_client_id then
      vim.lsp.buf_attach_client(args.buf, pgnls_client_id)
    end
  end,
})

-- Format on save: the buffer is rewritten in export format before it is
-- written (at most 2 s; a buffer pgnls has not attached to is left alone).
vim.api.nvim_create_autocmd("BufWritePre", {
  group = group,
  pattern = "*.pgn",
  callback = function(args)
    if vim.lsp.buf.format then -- 0.8 and later
      vim.lsp.buf.format({ bufnr = args.buf, name = "pgnls", timeout_ms = 2000 })
    else -- 0.7: formats the current buffer, which is the one being written
      vim.lsp.buf.formatting_sync(nil, 2000)
    end
  end,
})
