package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
)

// DefaultTimeout is how long an engine may take to answer anything but a
// search: "uciok", "readyok", the "bestmove" after "stop", and its exit
// after "quit". Stockfish answers each within milliseconds; loading a large
// network or clearing a large hash table takes a few seconds at most.
const DefaultTimeout = 10 * time.Second

// Options say which engine to start and how to set it up.
type Options struct {
	// Path is the engine's executable: a path, or a name looked up on PATH.
	// Empty means FindEngine's default, Stockfish.
	Path string
	Args []string // arguments for the engine's command line

	// The engine's options, set after the handshake when not zero. The
	// engine must declare each one it is given ("option name Threads ..."),
	// and a value outside the range it declares is refused.
	Threads  int  // Threads: search threads; 1 gives repeatable searches
	Hash     int  // Hash: the transposition table in MB
	MultiPV  int  // MultiPV: how many best lines a search reports
	Chess960 bool // UCI_Chess960: castling written as the king taking its rook

	// Timeout bounds every answer but a search's (see DefaultTimeout, used
	// when it is 0).
	Timeout time.Duration

	// Logger, when not nil, gets every line sent and received at debug
	// level.
	Logger *zap.Logger
}

// EngineOption is an option an engine declares in its handshake, such as
// "option name Hash type spin default 16 min 1 max 33554432".
type EngineOption struct {
	Name     string
	Type     string // check, spin, combo, button or string
	Default  string
	Min, Max int      // for a spin
	Vars     []string // for a combo
}

// Engine is a running UCI engine. It runs one command at a time: its methods
// may be called from several goroutines, and wait for each other. Every wait
// for the engine has a deadline and honours its context; an engine that dies,
// hangs or answers nonsense gives an *Error that says what happened.
//
// Close must be called to end the process; it always reaps it.
type Engine struct {
	path    string
	timeout time.Duration
	log     *zap.Logger

	cmd     *exec.Cmd
	stdin   *os.File
	stdout  *os.File
	lines   chan string   // what the engine prints, line by line; closed at the end of its output
	readEnd chan struct{} // closed when the reading goroutine has returned
	exited  chan struct{} // closed when the process has exited and exitState is set
	// exitState says how the process ended ("exit status 3"); written
	// before exited is closed.
	exitState string
	output    *tail // the last lines printed on stdout since the last command
	stderr    *tail // the last lines printed on stderr

	closing   chan struct{} // closed by Close, to interrupt a command in progress
	closeOnce sync.Once

	mu sync.Mutex // held by each command
	// broken is the failure after which the engine cannot be used any more
	// (it was killed); every command then returns it.
	broken error
	// staleReadies counts "readyok" answers still to come for an "isready"
	// whose wait was cancelled; they are skipped rather than taken as the
	// answer to a later one.
	staleReadies int
	reaped       bool

	name, author string
	options      map[string]EngineOption // by lower-case name: UCI option names ignore case
}

// Start starts the engine, runs the handshake ("uci" until "uciok"), sets
// the options given, and waits until it is ready ("isready", "readyok").
func Start(ctx context.Context, opts Options) (*Engine, error) {
	path, err := FindEngine(opts.Path)
	if err != nil {
		return nil, err
	}
	e := &Engine{
		path:    path,
		timeout: opts.Timeout,
		log:     opts.Logger,
		lines:   make(chan string, 64),
		readEnd: make(chan struct{}),
		exited:  make(chan struct{}),
		output:  &tail{},
		stderr:  &tail{},
		closing: make(chan struct{}),
		options: map[string]EngineOption{},
	}
	if e.timeout <= 0 {
		e.timeout = DefaultTimeout
	}
	if e.log == nil {
		e.log = zap.NewNop()
	}
	if err := e.startProcess(opts.Args); err != nil {
		return nil, err
	}
	if err := e.setUp(ctx, opts); err != nil {
		// Whatever went wrong (a context ended, an option refused), this
		// engine is not handed out: it need not be asked to quit.
		e.mu.Lock()
		e.kill()
		e.broken = err
		e.mu.Unlock()
		e.Close()
		return nil, err
	}
	return e, nil
}

// startProcess starts the engine with pipes of its own for its input and
// output: as *os.File values they take write deadlines, and Wait does not
// wait on them, so a child the engine leaves behind holding its output
// cannot stop the reaping.
func (e *Engine) startProcess(args []string) error {
	inR, inW, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("cannot start engine %s: %w", e.path, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return fmt.Errorf("cannot start engine %s: %w", e.path, err)
	}
	e.cmd = exec.Command(e.path, args...)
	e.cmd.Stdin = inR
	e.cmd.Stdout = outW
	e.cmd.Stderr = e.stderr
	// Stderr is copied by a goroutine of os/exec, which Wait waits for;
	// this bounds that wait when something else holds the pipe open.
	e.cmd.WaitDelay = time.Second
	err = e.cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			err = fmt.Errorf("%w: %w", ErrNotFound, err)
		}
		return fmt.Errorf("cannot start engine %s: %w", e.path, err)
	}
	e.stdin, e.stdout = inW, outR
	go e.readOutput()
	go func() {
		e.cmd.Wait()
		e.exitState = e.cmd.ProcessState.String()
		close(e.exited)
	}()
	return nil
}

// setUp runs the handshake and sets the options.
func (e *Engine) setUp(ctx context.Context, opts Options) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.handshake(ctx); err != nil {
		return e.fail(err)
	}
	if opts.Threads > 0 {
		if err := e.setOption("Threads", strconv.Itoa(opts.Threads)); err != nil {
			return e.fail(err)
		}
	}
	if opts.Hash > 0 {
		if err := e.setOption("Hash", strconv.Itoa(opts.Hash)); err != nil {
			return e.fail(err)
		}
	}
	if opts.MultiPV > 0 {
		if err := e.setOption("MultiPV", strconv.Itoa(opts.MultiPV)); err != nil {
			return e.fail(err)
		}
	}
	if opts.Chess960 {
		if err := e.setOption("UCI_Chess960", "true"); err != nil {
			return e.fail(err)
		}
	}
	return e.fail(e.isReady(ctx))
}

// handshake sends "uci" and reads the engine's name and options until
// "uciok".
func (e *Engine) handshake(ctx context.Context) error {
	if err := e.send("uci"); err != nil {
		return err
	}
	err := e.await(ctx, e.timeout, `waiting for "uciok" after "uci"`, func(line string) (bool, error) {
		keyword, rest := cutWord(line)
		switch keyword {
		case "id":
			what, value := cutWord(rest)
			switch what {
			case "name":
				e.name = value
			case "author":
				e.author = value
			}
		case "option":
			if opt, ok := parseOption(rest); ok {
				e.options[strings.ToLower(opt.Name)] = opt
			}
		case "uciok":
			return true, nil
		}
		return false, nil
	})
	var engineErr *Error
	if errors.As(err, &engineErr) {
		engineErr.Hint = "is it a UCI chess engine?"
	}
	return err
}

// parseOption parses the rest of an "option" line: "name Hash type spin
// default 16 min 1 max 33554432". A name may hold spaces ("Clear Hash"), a
// default too; the words after "name" up to "type" are the name.
func parseOption(text string) (EngineOption, bool) {
	var opt EngineOption
	fields := strings.Fields(text)
	var field string
	var words []string
	flush := func() {
		value := strings.Join(words, " ")
		switch field {
		case "name":
			opt.Name = value
		case "type":
			opt.Type = value
		case "default":
			opt.Default = value
		case "min":
			opt.Min, _ = strconv.Atoi(value)
		case "max":
			opt.Max, _ = strconv.Atoi(value)
		case "var":
			opt.Vars = append(opt.Vars, value)
		}
		words = words[:0]
	}
	for _, f := range fields {
		switch f {
		case "name", "type", "default", "min", "max", "var":
			// "name" starts the line; a later keyword ends the name (UCI
			// forbids these words inside a name).
			if field != "" || f == "name" {
				flush()
				field = f
				continue
			}
		}
		words = append(words, f)
	}
	flush()
	return opt, opt.Name != ""
}

// Name returns the engine's name from its handshake ("id name"), such as
// "Stockfish 15.1", or "" if it gave none.
func (e *Engine) Name() string { return e.name }

// Author returns the engine's author from its handshake ("id author").
func (e *Engine) Author() string { return e.author }

// Path returns the engine's executable.
func (e *Engine) Path() string { return e.path }

// Options returns the options the engine declared, sorted by name.
func (e *Engine) Options() []EngineOption {
	list := make([]EngineOption, 0, len(e.options))
	for _, opt := range e.options {
		list = append(list, opt)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list
}

// SetOption sets one of the engine's options ("setoption name N value V")
// and waits until the engine is ready again. The engine must declare the
// option, and a spin's value must be in its range.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	return e.command(func() error {
		if err := e.setOption(name, value); err != nil {
			return err
		}
		return e.isReady(ctx)
	})
}

func (e *Engine) setOption(name, value string) error {
	opt, ok := e.options[strings.ToLower(name)]
	if !ok {
		return fmt.Errorf("engine %s has no option %q", e.path, name)
	}
	if strings.ContainsAny(value, "\r\n") {
		return fmt.Errorf("engine %s: the value of option %s holds a line break", e.path, opt.Name)
	}
	if opt.Type == "spin" {
		n, err := strconv.Atoi(value)
		if err != nil || n < opt.Min || n > opt.Max {
			return fmt.Errorf("engine %s accepts %s from %d to %d, not %q", e.path, opt.Name, opt.Min, opt.Max, value)
		}
	}
	return e.send("setoption name " + opt.Name + " value " + value)
}

// IsReady sends "isready" and waits for "readyok".
func (e *Engine) IsReady(ctx context.Context) error {
	return e.command(func() error { return e.isReady(ctx) })
}

func (e *Engine) isReady(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	err := e.await(ctx, e.timeout, `waiting for "readyok" after "isready"`, func(line string) (bool, error) {
		if line != "readyok" {
			return false, nil
		}
		if e.staleReadies > 0 {
			e.staleReadies--
			return false, nil
		}
		return true, nil
	})
	if err != nil && ctx.Err() != nil {
		e.staleReadies++
	}
	return err
}

// NewGame tells the engine that the next search is from another game
// ("ucinewgame"; Stockfish clears its hash table) and waits until it is
// ready. With one thread and a node limit, a search after NewGame depends
// on nothing but its position.
func (e *Engine) NewGame(ctx context.Context) error {
	return e.command(func() error {
		if err := e.send("ucinewgame"); err != nil {
			return err
		}
		return e.isReady(ctx)
	})
}

// Err returns the failure that made the engine unusable, or nil while it
// can still be used. After Close it is ErrClosed.
func (e *Engine) Err() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.usable()
}

// usable returns the error that stops a command from running, if any.
func (e *Engine) usable() error {
	select {
	case <-e.closing:
		return e.closedError()
	default:
	}
	select {
	case <-e.exited:
		if e.broken == nil {
			e.broken = e.failure("idle, between commands", ErrExited)
		}
	default:
	}
	return e.broken
}

// command runs fn as one command: alone, and not on an engine that is closed
// or broken.
func (e *Engine) command(fn func() error) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.usable(); err != nil {
		return err
	}
	return e.fail(fn())
}

// fail takes err, the result of a command: an engine error (a timeout, an
// exit, a protocol error that leaves the engine's state unknown) makes the
// engine unusable, and kills it.
func (e *Engine) fail(err error) error {
	var engineErr *Error
	if errors.As(err, &engineErr) && !errors.Is(err, ErrClosed) && e.broken == nil {
		e.broken = err
		e.kill()
	}
	return err
}

// Close ends the engine: it interrupts a command in progress, sends "quit",
// kills the process if it has not exited within the timeout, and reaps it.
// It returns nil; calling it again does nothing.
func (e *Engine) Close() error {
	e.closeOnce.Do(func() { close(e.closing) })
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.reaped {
		return nil
	}
	e.reaped = true
	if e.broken == nil {
		e.send("quit")
		select {
		case <-e.exited:
		case <-time.After(e.timeout):
		}
	}
	e.kill()
	// The reading goroutine may be blocked on a read (a child of the engine
	// can hold its output open) or on handing over a line: closing the pipe
	// ends one, closing readEnd's wait below the other.
	e.stdout.Close()
	e.stdin.Close()
	<-e.readEnd
	return nil
}

// kill kills the process, if it has not exited, and waits until it is
// reaped.
func (e *Engine) kill() {
	select {
	case <-e.exited:
		return
	default:
	}
	e.cmd.Process.Kill()
	<-e.exited
}

// send writes one command to the engine. An engine that does not read its
// input for the timeout is taken for hung.
func (e *Engine) send(command string) error {
	e.log.Debug("engine <", zap.String("line", command))
	// An error message quotes what the engine printed after the command
	// it failed on, not the answers to earlier ones.
	e.output.reset()
	e.stdin.SetWriteDeadline(time.Now().Add(e.timeout))
	_, err := io.WriteString(e.stdin, command+"\n")
	if err == nil {
		return nil
	}
	doing := fmt.Sprintf("sending %q", command)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return e.failure(doing, timeoutError{e.timeout, "the engine does not read its input"})
	}
	// A write fails when the engine has closed its input, most often by
	// exiting: give its exit a moment to be seen, for the message.
	select {
	case <-e.exited:
	case <-time.After(time.Second):
	}
	return e.failure(doing, ErrExited)
}

// await reads the engine's lines and gives each to handle until handle says
// it is done or fails, the context ends, the engine exits, Close is called,
// or limit passes.
func (e *Engine) await(ctx context.Context, limit time.Duration, doing string, handle func(line string) (bool, error)) error {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	exited := e.exited
	var grace <-chan time.Time
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				// The output ends as the process exits: wait a moment for
				// the exit, whose status the message gives.
				select {
				case <-e.exited:
				case <-e.closing:
					return e.closedError()
				case <-time.After(time.Second):
				}
				return e.failure(doing, ErrExited)
			}
			if done, err := handle(line); done || err != nil {
				return err
			}
		case <-exited:
			// What the engine printed before it exited may still be on its
			// way; read it, for a little while.
			exited = nil
			grace = time.After(200 * time.Millisecond)
		case <-grace:
			return e.failure(doing, ErrExited)
		case <-timer.C:
			return e.failure(doing, timeoutError{limit, ""})
		case <-ctx.Done():
			return ctx.Err()
		case <-e.closing:
			return e.closedError()
		}
	}
}

func (e *Engine) closedError() error { return fmt.Errorf("engine %s: %w", e.path, ErrClosed) }

// failure returns an *Error for a failure while doing something, with the
// engine's exit state when it has exited and its last lines.
func (e *Engine) failure(doing string, cause error) *Error {
	err := &Error{Path: e.path, Doing: doing, Err: cause, Output: e.output.last(), Stderr: e.stderr.last()}
	select {
	case <-e.exited:
		err.Exit = e.exitState
	default:
	}
	return err
}

// timeoutError is ErrTimeout with how long pgnls waited.
type timeoutError struct {
	after time.Duration
	why   string
}

func (t timeoutError) Error() string {
	if t.why != "" {
		return fmt.Sprintf("no answer within %v (%s)", t.after, t.why)
	}
	return fmt.Sprintf("no answer within %v", t.after)
}

func (t timeoutError) Is(target error) bool { return target == ErrTimeout }

// maxLine is the longest line kept from the engine; the rest of a longer
// line is dropped. A principal variation of 250 moves is about 1.5 KB.
const maxLine = 64 << 10

// readOutput hands the engine's output to e.lines line by line until it
// ends or Close stops it.
func (e *Engine) readOutput() {
	defer close(e.readEnd)
	defer close(e.lines)
	r := bufio.NewReader(e.stdout)
	for {
		line, err := readLine(r)
		if err == nil || line != "" {
			e.output.add(line)
			e.log.Debug("engine >", zap.String("line", line))
			select {
			case e.lines <- line:
			case <-e.closing:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// readLine reads one line without its line ending, keeping at most maxLine
// bytes of it.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line) < maxLine {
			line = append(line, chunk[:min(len(chunk), maxLine-len(line))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return strings.TrimRight(string(line), "\r\n"), err
	}
}

// cutWord splits text at its first run of blanks.
func cutWord(text string) (word, rest string) {
	text = strings.TrimLeft(text, " \t")
	i := strings.IndexAny(text, " \t")
	if i < 0 {
		return text, ""
	}
	return text[:i], strings.TrimLeft(text[i:], " \t")
}

// tail keeps the last few lines written to it, for error messages. It is
// the engine's stderr (an io.Writer) and a record of its stdout.
type tail struct {
	mu      sync.Mutex
	lines   []string
	partial []byte // a line not yet ended
}

const (
	tailLines   = 5   // lines kept
	tailLineLen = 200 // bytes kept of each
)

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for rest := p; len(rest) > 0; {
		i := 0
		for i < len(rest) && rest[i] != '\n' {
			i++
		}
		// One byte more than is kept tells addLocked that the line was cut.
		if len(t.partial) <= tailLineLen {
			t.partial = append(t.partial, rest[:min(i, tailLineLen+1-len(t.partial))]...)
		}
		if i == len(rest) {
			break
		}
		t.addLocked(string(t.partial))
		t.partial = t.partial[:0]
		rest = rest[i+1:]
	}
	return len(p), nil
}

func (t *tail) reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lines, t.partial = t.lines[:0], t.partial[:0]
}

func (t *tail) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.addLocked(line)
}

func (t *tail) addLocked(line string) {
	line = strings.TrimRight(line, "\r")
	if len(line) > tailLineLen {
		line = line[:tailLineLen] + "..."
	}
	if len(t.lines) == tailLines {
		copy(t.lines, t.lines[1:])
		t.lines = t.lines[:tailLines-1]
	}
	t.lines = append(t.lines, line)
}

// last returns the lines kept, with a line not yet ended at the end.
func (t *tail) last() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := append([]string(nil), t.lines...)
	if len(t.partial) > 0 {
		lines = append(lines, string(t.partial[:min(len(t.partial), tailLineLen)]))
	}
	if len(lines) > tailLines {
		lines = lines[len(lines)-tailLines:]
	}
	return lines
}
