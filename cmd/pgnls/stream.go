package main

import (
	"bytes"
	"crypto/sha256"
	"io"

	"pgnls/pgn"
)

// pieceOutput is what a pieceTransform makes of one parsed piece: its new
// text, how many games the piece has (which numbers the next piece's), and
// what to tell of it once its text is written, in the file's order (nil:
// nothing), given the 0-based line of the output where the text starts
// and the number of games before the piece.
type pieceOutput struct {
	text  string
	games int
	tell  func(line, gamesBefore int)
}

// A pieceTransform rewrites one parsed piece (formats it, fixes it). It
// runs on pieces in parallel, so it keeps nothing of one piece for the
// next but through what tell does, which runs in order; and it may not
// keep the piece's tree or text beyond its tell, for the piece is then
// released (pgn.Piece.Release).
type pieceTransform func(*pgn.Piece) pieceOutput

// streamTransform is the streaming loop of fmt and fix: it reads a file
// piece by piece (see pgn.Reader), so that a file of any size takes
// bounded memory, transforms the pieces in parallel while the reader
// parses the next, and writes their texts in order to w, each in the
// encoding encode gives for the piece's own, giving diff, when set, each
// piece before and after. It reports whether the output differs from the
// input.
//
// The pipeline is check's (checkSource): a piece is parsed, transformed
// and written at a time each, and with one piece waiting between the
// stages, that is all the memory held. With two cores, fmt of the corpus
// x40 ran in 0.6 times its time on one.
//
// Text the reader passes over (a game longer than pgn.DefaultMaxPiece) is
// copied as it is, and reported by the error once the rest is written
// (done, does: "formatted", "formats").
func streamTransform(in io.Reader, w io.Writer, diff *diffWriter, encode func(pgn.Encoding) pgn.Encoding, t pieceTransform, done, does string) (bool, error) {
	inHash, outHash := sha256.New(), sha256.New()
	r := pgn.NewReader(io.TeeReader(in, inHash))
	if streamBlockSize > 0 {
		r.BlockSize = streamBlockSize
	}
	type job struct {
		piece *pgn.Piece
		err   error
		out   pieceOutput
		ready chan struct{} // closed once out is set
	}
	jobs := make(chan *job, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(jobs)
		for {
			p, err := r.Next()
			if err == io.EOF {
				return
			}
			j := &job{piece: p, err: err, ready: make(chan struct{})}
			if err != nil || p.Unparsed {
				close(j.ready)
			} else {
				go func() {
					j.out = t(p)
					close(j.ready)
				}()
			}
			select {
			case jobs <- j:
			case <-stop:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	out := io.MultiWriter(w, outHash)
	line, games := 0, 0 // the lines of the output and the games so far
	var skip unchecked
	var skipped []unchecked
	for j := range jobs {
		<-j.ready
		if j.err != nil {
			return false, j.err
		}
		p := j.piece
		text := p.File.Src
		if p.Unparsed {
			skip.add(p, nil)
		} else {
			if skip.pieces > 0 {
				skipped, skip = append(skipped, skip), unchecked{}
			}
			text = j.out.text
		}
		err := writeText(out, diff, p, text, encode(p.Encoding))
		if err == nil && j.out.tell != nil {
			j.out.tell(line, games)
		}
		line += pgn.CountLineBreaks(text)
		games += j.out.games
		// The text is written: the piece's memory can take the next piece
		// (the text may share it).
		p.Release()
		if err != nil {
			return false, err
		}
	}
	if skip.pieces > 0 {
		skipped = append(skipped, skip)
	}
	changed := !bytes.Equal(inHash.Sum(nil), outHash.Sum(nil))
	if len(skipped) > 0 {
		return changed, copiedError(skipped, r.MaxPiece, done, does)
	}
	return changed, nil
}

// streamBlockSize, when set by a test, is the streaming reader's block
// size for fmt and fix.
var streamBlockSize int
