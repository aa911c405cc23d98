;;; pgnls-board.el --- a side window with the board at point, from pgnls  -*- lexical-binding: t; -*-

;; M-x pgnls-board opens a side window on the right that shows the board
;; at point in PGN buffers that pgnls manages (through eglot), and follows
;; point and the typing: it asks pgnls's pgnls/position request
;; (editors/lsp-extensions.md) after each command (`post-command-hook')
;; that moved point or changed the text. M-x pgnls-board again closes it.
;;
;; Load it after pgnls.el: (load "/path/to/pgnls-board.el").

;;; Code:

(require 'eglot)
(require 'jsonrpc)

(defconst pgnls-board-buffer-name "*pgnls board*"
  "The name of the board's buffer.")

(defvar pgnls-board--drawn nil
  "The buffer, point and modification tick the board was drawn for.")

(defun pgnls-board--lines (r)
  "The text of the board's buffer for the pgnls/position answer R."
  (if (null r)
      "(no game at the cursor)\n"
    (let* ((move (plist-get r :move))
           (head (if move
                     (format "%d%s %s" (plist-get move :moveNumber)
                             (if (equal (plist-get move :side) "white") "." "...")
                             (plist-get move :san))
                   "Start"))
           (path (mapconcat (lambda (step) (format "%s (%d)" (plist-get step :replaces) (plist-get step :index)))
                            (plist-get r :line) " > "))
           (fen (plist-get r :fen))
           (opening (plist-get r :opening))
           (problem (plist-get r :problem)))
      (concat head ", " (if (string-empty-p path) "main line" (concat "variation of " path)) "\n\n"
              (plist-get r :board)
              (if fen
                  (format "\nFEN: %s\n%s to move, %d legal moves\n" fen
                          (if (equal (plist-get r :sideToMove) "white") "White" "Black")
                          (plist-get r :legalMoveCount))
                "")
              (if opening (format "Opening: %s %s\n" (plist-get opening :eco) (plist-get opening :name)) "")
              (if problem (format "\n%s\n" problem) "")))))

(defun pgnls-board-update ()
  "Draw the board at point in the board's window, when it is open and
point or the text moved since it was drawn."
  (let ((key (list (current-buffer) (point) (buffer-chars-modified-tick))))
    (when (and (derived-mode-p 'pgn-mode) (eglot-managed-p)
               (get-buffer-window pgnls-board-buffer-name t)
               (not (equal key pgnls-board--drawn)))
      (setq pgnls-board--drawn key)
      (eglot--signal-textDocument/didChange) ; the server must see the text as it is
      (let ((text (condition-case err
                      (pgnls-board--lines
                       (jsonrpc-request (eglot--current-server-or-lose) :pgnls/position
                                        (eglot--TextDocumentPositionParams) :timeout 2))
                    (jsonrpc-error (format "pgnls: %s\n" (alist-get 'jsonrpc-error-message (cdr err)))))))
        (with-current-buffer (get-buffer pgnls-board-buffer-name)
          (let ((inhibit-read-only t))
            (erase-buffer)
            (insert text)
            (goto-char (point-min))))))))

(defun pgnls-board ()
  "Open the side window with the board at point, or close it."
  (interactive)
  (let ((win (get-buffer-window pgnls-board-buffer-name t)))
    (if win
        (progn (delete-window win)
               (remove-hook 'post-command-hook #'pgnls-board-update))
      (with-current-buffer (get-buffer-create pgnls-board-buffer-name)
        (special-mode))
      (display-buffer-in-side-window (get-buffer pgnls-board-buffer-name)
                                     '((side . right) (window-width . 46)))
      (setq pgnls-board--drawn nil)
      (add-hook 'post-command-hook #'pgnls-board-update)
      (pgnls-board-update))))

(provide 'pgnls-board)
;;; pgnls-board.el ends here
