package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"pgnls/lsp"
)

// runServe runs the language server on standard input and output. Standard
// output carries the protocol and nothing else; the log goes to standard
// error or to --logfile: warnings and errors only, unless --verbose. (Some
// editors log all a server writes on standard error as errors: Neovim's
// lsp.log marks every line [ERROR], so an ordinary session writes nothing.)
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("serve", "usage: pgnls [serve] [--stdio] [--logfile PATH] [--verbose]", stderr)
	flags.Bool("stdio", true, "speak LSP on standard input and output (the only transport; accepted for editors that pass it)")
	logfile := flags.String("logfile", "", "append the log to this file instead of standard error")
	verbose := flags.Bool("verbose", false, "log the session's events and every analysis too (info and debug levels), not only warnings and errors")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() > 0 {
		flags.Usage()
		return 2
	}
	logOut := zapcore.Lock(zapcore.AddSync(stderr))
	if *logfile != "" {
		f, err := os.OpenFile(*logfile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "pgnls: %v\n", err)
			return 2
		}
		defer f.Close()
		logOut = zapcore.Lock(f)
	}
	level := zapcore.WarnLevel
	if *verbose {
		level = zapcore.DebugLevel
	}
	enc := zap.NewDevelopmentEncoderConfig()
	log := zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(enc), logOut, level)).Named("pgnls")
	defer log.Sync()

	// Editors stop a server with SIGTERM when it does not exit by itself.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The process is the server's alone: it manages the process's memory.
	return lsp.Serve(ctx, stdio{stdin, stdout}, log, lsp.WithMemoryPolicy(newMemoryLimit(log)))
}

// stdio joins standard input and output into the connection the server
// reads and writes.
type stdio struct {
	io.Reader
	io.Writer
}

// Close does nothing: the process ends with the connection.
func (stdio) Close() error { return nil }
