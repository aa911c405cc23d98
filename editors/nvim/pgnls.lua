-- pgnls in Neovim 0.7 and later, without plugins: *.pgn files get the pgn
-- filetype, the pgnls language server (diagnostics, hover, completion with
-- <C-x><C-o>, code actions, ...) and formatting on save.
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

local pgnls_client_id -- Neovim 0.7: the one client, shared by every buffer

vim.api.nvim_create_autocmd("FileType", {
  group = group,
  pattern = "pgn",
  callback = function(args)
    local config = {
      name = "pgnls",
      cmd = { "pgnls" },
      root_dir = vim.fn.getcwd(),
      init_options = pgnls_settings,
      settings = pgnls_settings,
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
