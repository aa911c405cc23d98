;;; pgnls.el --- PGN files with the pgnls language server, through eglot  -*- lexical-binding: t; -*-

;; Emacs 29 and later have eglot built in; on Emacs 28, install it
;; (Debian: apt-get install elpa-eglot; elsewhere: M-x package-install
;; RET eglot). `pgnls' must be on `exec-path' (`go install ./cmd/pgnls'
;; from pgnls's source puts it in ~/go/bin).
;;
;; Put this in your init file, or load it: (load "/path/to/pgnls.el").
;; *.pgn files get `pgn-mode' (this file's small one, unless a pgn-mode
;; package is installed), pgnls's diagnostics through Flymake, hover
;; through ElDoc (C-h . shows it whole), completion with
;; completion-at-point (C-M-i), code actions (M-x eglot-code-actions), and
;; formatting on save (C-x C-s).

;;; Code:

(require 'eglot)

(defvar pgnls-settings
  '(:lineWidth 79 :maxDiagnostics 100)
  "The pgnls settings (pgnls's README, \"Settings\"), as a plist:
for example (:lineWidth 79 :severity (:missing-tag \"off\")).
Sent as initializationOptions and as the \"pgnls\" section of the
workspace configuration.")

(defvar pgnls-format-on-save t
  "Non-nil: format PGN buffers with pgnls before saving them.")

(unless (fboundp 'pgn-mode)
  (defvar pgn-mode-syntax-table
    (let ((st (make-syntax-table)))
      (modify-syntax-entry ?\{ "<" st)     ; { comment }
      (modify-syntax-entry ?\} ">" st)
      (modify-syntax-entry ?\; "< b" st)   ; ; comment to the end of the line
      (modify-syntax-entry ?\n "> b" st)
      (modify-syntax-entry ?\" "\"" st)
      (modify-syntax-entry ?\\ "\\" st)
      (modify-syntax-entry ?\[ "(]" st)
      (modify-syntax-entry ?\] ")[" st)
      (dolist (c '(?- ?= ?+ ?# ?$ ?/)) (modify-syntax-entry c "w" st))
      st)
    "Syntax table of `pgn-mode'.")

  (defvar pgn-font-lock-keywords
    '(("^\\[\\([A-Za-z0-9_]+\\)" 1 font-lock-keyword-face)
      ("\\$[0-9]+" . font-lock-constant-face)
      ("\\_<\\(?:1-0\\|0-1\\|1/2-1/2\\)\\_>\\|\\*" . font-lock-builtin-face)
      ("\\_<[0-9]+\\.+" . font-lock-comment-delimiter-face)
      ("\\_<\\(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]\\|O-O\\(?:-O\\)?\\)" . font-lock-function-name-face))
    "Highlighting in `pgn-mode'.")

  (define-derived-mode pgn-mode prog-mode "PGN"
    "Major mode for PGN (Portable Game Notation) chess files."
    (setq-local comment-start "{ ")
    (setq-local comment-end " }")
    (setq-local font-lock-defaults '(pgn-font-lock-keywords))))

(add-to-list 'auto-mode-alist '("\\.pgn\\'" . pgn-mode))

(add-to-list 'eglot-server-programs
             `(pgn-mode . ("pgnls" :initializationOptions
                           ,(lambda (_server) pgnls-settings))))

;; The server asks for the "pgnls" section (workspace/configuration). If
;; you set `eglot-workspace-configuration' yourself, add the section
;; (:pgnls (...)) to yours instead.
(unless (default-value 'eglot-workspace-configuration)
  (setq-default eglot-workspace-configuration
                (lambda (&rest _) (list :pgnls pgnls-settings))))

(defun pgnls--format-before-save ()
  "Format the buffer with pgnls, when it manages it."
  (when (and pgnls-format-on-save (eglot-managed-p))
    (eglot-format-buffer)))

(add-hook 'pgn-mode-hook
          (lambda ()
            (add-hook 'before-save-hook #'pgnls--format-before-save nil t)
            (eglot-ensure)))

(provide 'pgnls)
;;; pgnls.el ends here
