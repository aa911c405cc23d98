;;; e2e.el --- the Emacs (eglot) end-to-end test of pgnls  -*- lexical-binding: t; -*-

;; The real Emacs, in batch mode, loads
;; pgnls.el (the README's Emacs set-up) and edits a PGN file with the real
;; pgnls binary, on the keys the README names: diagnostics (Flymake),
;; hover as ElDoc shows it when point rests and as `C-h .' shows it in
;; the *eldoc* buffer (plain text: eglot without markdown-mode shows
;; Markdown's marks as typed), an edit, `C-x C-s' (format on save),
;; `M-x eglot-code-actions' (a fix), `C-M-i' (completion). The keys are
;; a keyboard macro, which the minibuffer reads too. Run by
;; editors/emacs_test.go (go test ./editors -run Emacs), which sets
;; PGNLS_SNIPPET (pgnls.el), PGNLS_FILE (a copy of
;; editors/testdata/opera.pgn) and PGNLS_WANT (the file expected after
;; the fix and format on save) and puts the binary first on PATH. It
;; prints "pgnls-e2e: ok" and exits 0 only when every check passed.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defvar pgnls-e2e--failures nil)
(defconst pgnls-e2e--timeout 10.0)

(defun pgnls-e2e--fail (fmt &rest args)
  (let ((msg (apply #'format fmt args)))
    (push msg pgnls-e2e--failures)
    (message "FAIL: %s" msg)))

(defmacro pgnls-e2e--check (cond fmt &rest args)
  `(or ,cond (progn (pgnls-e2e--fail ,fmt ,@args) nil)))

(defun pgnls-e2e--read (file)
  (with-temp-buffer
    (insert-file-contents-literally file)
    (decode-coding-string (buffer-string) 'utf-8)))

(defun pgnls-e2e--flush ()
  "Run eglot's pending didChange now: Emacs in batch mode is never
idle, so the idle timer that sends changes would not fire."
  (when (and (boundp 'eglot--change-idle-timer) eglot--change-idle-timer)
    (let ((timer eglot--change-idle-timer))
      (cancel-timer timer)
      (apply (timer--function timer) (timer--args timer)))))

(defun pgnls-e2e--wait (what pred)
  "Wait for PRED to return non-nil, serving the server's messages."
  (let ((deadline (+ (float-time) pgnls-e2e--timeout)) v)
    (while (and (not (setq v (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or v (progn (pgnls-e2e--fail "timed out waiting for %s" what) nil))))

(defun pgnls-e2e--column (pos)
  "The column of POS in characters (`current-column' counts display width)."
  (save-excursion (goto-char pos) (- pos (line-beginning-position))))

(defun pgnls-e2e--diagnostics ()
  "The Flymake diagnostics of the buffer, as (CODE LINE COL END-LINE
END-COL TYPE TEXT), 0-based lines and character columns, sorted."
  (sort
   (mapcar
    (lambda (d)
      (let* ((beg (flymake-diagnostic-beg d))
             (end (flymake-diagnostic-end d))
             (text (flymake-diagnostic-text d))
             (code (and (string-match "\\[\\([a-z-]+\\)\\]" text) (match-string 1 text))))
        (list code
              (1- (line-number-at-pos beg)) (pgnls-e2e--column beg)
              (1- (line-number-at-pos end)) (pgnls-e2e--column end)
              (flymake-diagnostic-type d) text)))
    (flymake-diagnostics))
   (lambda (a b) (or (< (nth 1 a) (nth 1 b))
                     (and (= (nth 1 a) (nth 1 b))
                          (or (< (nth 2 a) (nth 2 b))
                              (and (= (nth 2 a) (nth 2 b)) (string< (car a) (car b)))))))))

(defun pgnls-e2e--codes ()
  (string-join (sort (mapcar #'car (pgnls-e2e--diagnostics)) #'string<) ","))

(defun pgnls-e2e--wait-codes (what want)
  (or (pgnls-e2e--wait (format "%s: diagnostics %s (have %s)" what want (pgnls-e2e--codes))
                       (lambda () (string= (pgnls-e2e--codes) want)))
      (progn (pgnls-e2e--fail "%s: diagnostics %s, want %s" what (pgnls-e2e--codes) want) nil)))

(defun pgnls-e2e--expect (code line col end-line end-col type)
  (let ((d (assoc code (pgnls-e2e--diagnostics))))
    (when (pgnls-e2e--check d "no %s diagnostic" code)
      (pgnls-e2e--check (equal (list (nth 1 d) (nth 2 d) (nth 3 d) (nth 4 d)) (list line col end-line end-col))
                        "%s at %S, want %S" code (cl-subseq d 1 5) (list line col end-line end-col))
      (pgnls-e2e--check (eq (nth 5 d) type) "%s: type %s, want %s" code (nth 5 d) type)
      d)))

(defun pgnls-e2e--find (text)
  "The 0-based line and character column of TEXT's first occurrence."
  (save-excursion
    (goto-char (point-min))
    (search-forward text)
    (goto-char (match-beginning 0))
    (list (1- (line-number-at-pos)) (pgnls-e2e--column (point)))))

;; Keys, as a user types them (`kbd' notation).
(defun pgnls-e2e--keys (keys)
  (execute-kbd-macro (kbd keys))
  (pgnls-e2e--flush))

(defun pgnls-e2e--eldoc (what want)
  "ElDoc's documentation of what is at point, as `C-h .' shows it:
ElDoc asks when point rests (the idle timer, which batch mode never
runs, calls `eldoc-print-current-symbol-info'), then `C-h .' displays
the *eldoc* buffer. Returns that buffer's text once it holds WANT."
  (eldoc-print-current-symbol-info)
  (when (pgnls-e2e--wait (format "ElDoc over %s" what)
                         (lambda ()
                           (and (buffer-live-p eldoc--doc-buffer)
                                (with-current-buffer eldoc--doc-buffer
                                  (string-match-p (regexp-quote want) (buffer-string))))))
    (let ((source (current-buffer)))
      (pgnls-e2e--keys "C-h .")
      (let* ((win (get-buffer-window eldoc--doc-buffer))
             (text (and win (with-current-buffer (window-buffer win)
                              (buffer-substring-no-properties (point-min) (point-max))))))
        (pgnls-e2e--check win "C-h . over %s shows no *eldoc* window" what)
        (when win (delete-window win))
        (set-buffer source)
        (pgnls-e2e--check (not (string-match-p "\\*\\*\\|`" text)) "ElDoc over %s shows Markdown:\n%s" what text)
        text))))

(defun pgnls-e2e--complete (typed want)
  "Insert TYPED at the end of the buffer, press C-M-i, and check that
the line then reads WANT."
  (goto-char (point-max))
  (insert typed)
  (pgnls-e2e--keys "C-M-i")
  (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
    (pgnls-e2e--check (string= line want) "C-M-i after %S: the line is %S, want %S" typed line want)))

(defun pgnls-e2e--run ()
  (let ((file (getenv "PGNLS_FILE"))
        (want (pgnls-e2e--read (getenv "PGNLS_WANT"))))
    (find-file file)
    (pgnls-e2e--check (eq major-mode 'pgn-mode) "major mode %s, want pgn-mode" major-mode)
    ;; eglot-ensure connects after the command that opened the file.
    (run-hooks 'post-command-hook)
    (unless (pgnls-e2e--wait "eglot to manage the buffer" #'eglot-managed-p)
      (error "no eglot"))
    (pgnls-e2e--check (memq 'eglot-flymake-backend flymake-diagnostic-functions) "eglot is not a Flymake backend")
    (flymake-start)

    ;; 1. The diagnostics of the file as it is: codes and positions in
    ;; characters (line 9 holds "é" and "🏆" before Qb4: 96 characters,
    ;; 97 UTF-16 units, which eglot converts).
    (when (pgnls-e2e--wait-codes "open" "illegal-move,result-mismatch,str-order")
      (pgnls-e2e--expect "str-order" 2 0 2 14 'eglot-note) ; severity hint, from the settings
      (pgnls-e2e--check (equal (pgnls-e2e--find "Qb4") '(8 96)) "Qb4 at %S" (pgnls-e2e--find "Qb4"))
      (let ((d (pgnls-e2e--expect "illegal-move" 8 96 8 99 'eglot-error)))
        (pgnls-e2e--check (and d (string-match-p "no queen can reach b4" (nth 6 d))) "illegal-move: %S" d))
      (pcase-let ((`(,l ,c) (pgnls-e2e--find " 0-1")))
        (pgnls-e2e--expect "result-mismatch" l (1+ c) l (+ c 4) 'eglot-error)))

    ;; 2. Hover: over the NAG $14, its meaning; over a move, the board
    ;; after it, aligned, and the FEN; plain text, without Markdown.
    (goto-char (point-min))
    (search-forward "$1")
    (let ((text (pgnls-e2e--eldoc "$14" "slight advantage")))
      (pgnls-e2e--check (and text (string-match-p "\\$14 ⩲ — White has a slight advantage" text)) "ElDoc over $14: %S" text))
    (goto-char (point-min))
    (search-forward "Nf3")
    (let ((text (pgnls-e2e--eldoc "Nf3" "FEN: ")))
      (pgnls-e2e--check (and text (string-match-p "^2\\. Nf3 — White's 2nd move, main line" text)
                             (string-match-p "^3  ·  ·  ·  ·  · \\[♘\\] ·  ·$" text)
                             (string-match-p "^   a  b  c  d  e  f  g  h$" text)
                             (string-match-p "^FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2$" text))
                        "ElDoc over Nf3:\n%s" text))

    ;; 3. An edit: correct the illegal move; the diagnostics follow.
    (goto-char (point-min))
    (search-forward "Qb4")
    (replace-match "Qb3" t t)
    (pgnls-e2e--flush)
    (when (pgnls-e2e--wait-codes "after correcting Qb4" "result-mismatch,result-vs-position,str-order")
      (pcase-let ((`(,l ,c) (pgnls-e2e--find " 0-1")))
        (pgnls-e2e--expect "result-vs-position" l (1+ c) l (+ c 4) 'eglot-warning)))

    ;; 4. C-x C-s formats on save: the file written is in export format,
    ;; at the lineWidth setting (60).
    (pgnls-e2e--keys "C-x C-s")
    (let ((written (pgnls-e2e--read file)))
      (pgnls-e2e--check (string= written want) "the file written:\n%s\nwant:\n%s" written want))
    (pgnls-e2e--wait-codes "after formatting" "result-mismatch,result-vs-position")

    ;; 5. M-x eglot-code-actions on the result, and the fix typed in the
    ;; minibuffer: no diagnostics are left.
    (goto-char (point-min))
    (search-forward " 0-1")
    (goto-char (1+ (match-beginning 0)))
    (pgnls-e2e--keys "M-x eglot-code-actions RET Set SPC the SPC result SPC to SPC 1-0 RET")
    (when (pgnls-e2e--wait-codes "after the fix" "")
      (pgnls-e2e--check (string-match-p "17\\. Rd8# 1-0$" (buffer-string)) "after the fix:\n%s" (buffer-string)))

    ;; 6. C-M-i, in a game typed at the end: a tag pair after "[EventD",
    ;; with its one '['; a move after "Nf"; O-O after "0-0"; a NAG after
    ;; "$146", with its one '$'.
    (pgnls-e2e--complete "\n[EventD" "[EventDate \"\"]")
    (pgnls-e2e--complete "\n\n1. e4 e5 2. Nf" "1. e4 e5 2. Nf3")
    (pgnls-e2e--complete " Nc6 3. Bc4 Bc5 4. 0-0" "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O")
    (pgnls-e2e--complete " $146" "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O $146")

    ;; 7. M-x pgnls-board (pgnls-board.el): a side window on the right
    ;; with the board at point, which follows point from
    ;; `post-command-hook': after "C-s Bxf3", the bishop on f3; M-f twice
    ;; on, the queen there; M-x pgnls-board again closes it.
    (goto-char (point-min))
    (pgnls-e2e--keys "M-x pgnls-board RET C-s Bxf3 RET")
    (let ((text (pgnls-e2e--board)))
      (pgnls-e2e--check (and text (string-match-p "^4\\.\\.\\. Bxf3, main line$" text)
                             (string-match-p "^3  ·  ·  ·  ·  · \\[♝\\] ·  ·$" text)
                             (string-match-p "^FEN: rn1qkbnr/ppp2ppp/3p4/4P3/4P3/5b2/PPP2PPP/RNBQKB1R w KQkq - 0 5$" text)
                             (string-match-p "^White to move, 35 legal moves$" text))
                        "the board after C-s Bxf3:\n%s" text)
      (pgnls-e2e--check (eq (window-parameter (get-buffer-window "*pgnls board*") 'window-side) 'right)
                        "the board is not in the right side window"))
    (pgnls-e2e--keys "M-f M-f")
    (let ((text (pgnls-e2e--board)))
      (pgnls-e2e--check (and text (string-match-p "^5\\. Qxf3, main line$" text)
                             (string-match-p "^3  ·  ·  ·  ·  · \\[♕\\] ·  ·$" text))
                        "the board after M-f M-f:\n%s" text))
    (pgnls-e2e--keys "M-x pgnls-board RET")
    (pgnls-e2e--check (not (get-buffer-window "*pgnls board*")) "M-x pgnls-board did not close the board")
    (set-buffer-modified-p nil)))

(defun pgnls-e2e--board ()
  "The text of the board's window, or nil when it shows none."
  (let ((win (get-buffer-window "*pgnls board*")))
    (and win (with-current-buffer (window-buffer win)
               (buffer-substring-no-properties (point-min) (point-max))))))

(setq eglot-autoshutdown nil)
(load (getenv "PGNLS_SNIPPET") nil t)
(load (expand-file-name "pgnls-board.el" (file-name-directory (getenv "PGNLS_SNIPPET"))) nil t)
(setq pgnls-settings '(:lineWidth 60 :severity (:str-order "hint")))
(condition-case err
    (pgnls-e2e--run)
  (error (pgnls-e2e--fail "error: %S" err)))
(ignore-errors (eglot-shutdown (eglot-current-server)))
(if pgnls-e2e--failures
    (progn (message "%d check(s) failed" (length pgnls-e2e--failures))
           (kill-emacs 1))
  (message "\npgnls-e2e: ok")
  (kill-emacs 0))
;;; e2e.el ends here
