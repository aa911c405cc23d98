-- pgnls with nvim-lspconfig, or with Neovim 0.11's vim.lsp.config: the
-- alternative to pgnls.lua for those who manage their servers that way.
-- Untested: Debian has neither nvim-lspconfig nor Neovim 0.11; the end-to-end
-- test runs pgnls.lua.

vim.filetype.add({ extension = { pgn = "pgn" } }) -- Neovim 0.8 and later

local settings = { pgnls = { lineWidth = 79, maxDiagnostics = 100 } }

-- Format on save, in the buffers pgnls attaches to.
local function on_attach(client, bufnr)
  vim.api.nvim_create_autocmd("BufWritePre", {
    buffer = bufnr,
    callback = function()
      vim.lsp.buf.format({ bufnr = bufnr, id = client.id, timeout_ms = 2000 })
    end,
  })
end

if vim.lsp.config then
  -- Neovim 0.11 and later, with or without nvim-lspconfig.
  vim.lsp.config("pgnls", {
    cmd = { "pgnls" },
    filetypes = { "pgn" },
    root_markers = { ".git" },
    init_options = settings,
    settings = settings,
    on_attach = on_attach,
  })
  vim.lsp.enable("pgnls")
else
  -- nvim-lspconfig on Neovim 0.8 to 0.10: pgnls is not among its servers,
  -- so it is registered here.
  local configs = require("lspconfig.configs")
  if not configs.pgnls then
    configs.pgnls = {
      default_config = {
        cmd = { "pgnls" },
        filetypes = { "pgn" },
        root_dir = require("lspconfig.util").root_pattern(".git"),
        single_file_support = true,
        init_options = settings,
        settings = settings,
      },
    }
  end
  require("lspconfig").pgnls.setup({ on_attach = on_attach })
end
