-- pgnls with Neovim 0.11's vim.lsp.config (which nvim-lspconfig builds on
-- from 0.11): the alternative to pgnls.lua for those who manage their
-- servers that way. Put it in your init.lua, or save it as
-- ~/.config/nvim/plugin/pgnls.lua. (Before 0.11, use pgnls.lua: it needs
-- no plugin.)
--
-- The keys are Neovim's own, which 0.11 sets in every buffer a server
-- attaches to: K hovers, <C-x><C-o> completes, gq{motion} formats the games
-- the lines touch, gra offers the code actions, ]d and [d go to the next
-- and previous diagnostic. This adds formatting on :w, diagnostics in
-- insert mode, and 'iskeyword'.

vim.filetype.add({ extension = { pgn = "pgn" } })

-- The server's settings (README, "Settings"); vim.g.pgnls_settings, when
-- set before this file runs, replaces them.
local settings = vim.g.pgnls_settings or { pgnls = { lineWidth = 79, maxDiagnostics = 100 } }

-- Completions come as text, not snippets: omni completion inserts a
-- snippet's text only when it is accepted with <C-y>.
local capabilities = vim.lsp.protocol.make_client_capabilities()
capabilities.textDocument.completion.completionItem.snippetSupport = false

-- A move (O-O-O, exd8=Q+), a NAG ($14) and a result (1/2-1/2) are words,
-- as pgnls's completions replace them.
vim.api.nvim_create_autocmd("FileType", {
  pattern = "pgn",
  callback = function(args)
    vim.bo[args.buf].iskeyword = "@,48-57,_,192-255,35,36,43,45,47,61"
  end,
})

vim.lsp.config("pgnls", {
  cmd = { "pgnls" },
  filetypes = { "pgn" },
  root_markers = { ".git" },
  init_options = settings,
  settings = settings,
  capabilities = capabilities,
  on_attach = function(client, bufnr)
    vim.diagnostic.config({ update_in_insert = true }, vim.lsp.diagnostic.get_namespace(client.id))
    vim.api.nvim_create_autocmd("BufWritePre", {
      buffer = bufnr,
      callback = function()
        vim.lsp.buf.format({ bufnr = bufnr, id = client.id, timeout_ms = 2000 })
      end,
    })
  end,
})
vim.lsp.enable("pgnls")
