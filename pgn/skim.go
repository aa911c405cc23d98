package pgn

// A MovetextSkimmer reads the movetext of a game straight from the
// scanner's tokens, without building its part of the tree, and lets
// through only movetext that may hold nothing a checker would report,
// giving up on anything else. Building the lossless tree of the moves was
// a third of the instructions of a check of dense games whose moves have
// nothing to report (bench/NOTES.md); a batch check (pgnls check) asks a
// Reader for a skimmer (Reader.NewSkimmer), and the tree is then built
// only for the games that have something to say: by the parser, for
// those the skimmer gives up on, and by ParseGameAt, for those whose
// moves its user then finds something to report on. The language server,
// the formatter and every other caller keep the whole tree: the parser
// skims only when given a skimmer.
//
// The skimmer is defined here and implemented by package analysis, which
// knows the rules of chess (pgn does not import analysis).
type MovetextSkimmer interface {
	// Reset is called as a parse starts: what Skim returned for the games
	// of the parser's last parse is no longer in use, and its room may
	// be reused.
	Reset()
	// Skim reads the movetext of g, whose tag section is parsed: first is
	// its first token, the ones after it come from s (Scan), and src is
	// the text. It returns the result token that ends the movetext, and
	// what the skimmer made of the movetext, stored in g.Skimmed; or ok
	// false when it does not let the movetext through, and the parser then
	// parses it into the tree from its start, as without a skimmer. Skim
	// must not keep s.
	Skim(g *Game, src string, first Token, s *Scanner) (result Token, skimmed any, ok bool)
}

// skimMovetext lets the parser's skimmer read the movetext of g, and
// completes g as parseMovetext would have when it accepts: the result node
// after the moves, and leading, the comments between the tag section and
// the first move. It reports whether the skimmer accepted; if not, the
// scanner is back at the movetext's start, and nothing is changed.
//
// The skim is quiet (the scanner's errors are dropped) and is refused when
// the scanner reports an error on the way: text with a syntax error has
// something to report, and the tree's parse reports it.
func (p *parser) skimMovetext(g *Game, leading []Node) bool {
	if !skimmableStart(leading) {
		return false
	}
	if n := len(p.file.Errors); n > 0 && (p.file.Errors[n-1].Pos >= p.tok.Pos || p.file.Errors[n-1].End > p.tok.Pos) {
		return false // the first token was reported already
	}
	tok, prevEnd, off, errs := p.tok, p.prevEnd, p.scanner.off, p.scanner.ErrorCount
	p.quiet = true
	result, skimmed, ok := p.skim.Skim(g, p.src, tok, &p.scanner)
	p.quiet = false
	if !ok || result.Kind != Result || p.scanner.ErrorCount != errs {
		p.tok, p.prevEnd = tok, prevEnd
		p.scanner.Seek(off)
		p.scanner.ErrorCount = errs
		return false
	}
	if len(leading) > 0 {
		g.Moves.Start = leading
	}
	r := p.nodes.results.alloc()
	r.Tok, r.Text = result, ResultText(p.text(result))
	g.Result = r
	g.Skimmed = skimmed
	p.tok = result
	p.next()
	return true
}

// skimmableStart reports whether the comments before the first move, which
// the tag section's parse made nodes of already, leave the movetext to the
// skimmer: brace comments with their '}', without commands ("[%"), which
// a checker reports on.
func skimmableStart(leading []Node) bool {
	for _, n := range leading {
		c, ok := n.(*Comment)
		if !ok || c.Tok.Kind != BraceComment || c.Unterminated || HasCommands(c.Text) {
			return false
		}
	}
	return true
}

// ParseGameAt parses, into a tree of its own, the game of src that starts
// at offset from, as Parse parses it within the whole of src: a game's
// parse depends on nothing before it. The game's Errors are its syntax
// errors. A batch check parses so, on a checking goroutine, the games
// whose movetext a MovetextSkimmer let through but whose replay then
// finds something to report (see analysis.NewCheckSkimmer).
func ParseGameAt(src string, from Pos) *Game {
	p := &parser{src: src, file: &File{Src: src}}
	p.scanner.InitAt(src, int(from), p.scanError)
	p.next()
	g := p.parseGame()
	p.file.Errors.Sort()
	g.Errors = p.file.Errors.Within(g.From, g.To)
	return g
}
