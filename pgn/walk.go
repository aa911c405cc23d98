package pgn

// Inspect calls f for node and, while f returns true, for every node below
// it in source order. Lines are visited through their nodes (start nodes,
// then moves); a Move's number is not a separate node.
//
// Variations nest, so Inspect recurses, as do NodeTokens and the other
// walkers of the tree: the parser builds no variation deeper than
// MaxNesting (256 levels, a few kilobytes of stack), so that no walk can
// overflow the stack, which is fatal to a Go program.
func Inspect(node Node, f func(Node) bool) {
	if !f(node) {
		return
	}
	switch n := node.(type) {
	case *Game:
		inspectAll(n.TagItems, f)
		inspectLine(&n.Moves, f)
		if n.Result != nil {
			Inspect(n.Result, f)
		}
	case *Move:
		inspectAll(n.Before, f)
		inspectAll(n.After, f)
	case *Variation:
		inspectLine(&n.Line, f)
	}
}

func inspectAll(nodes []Node, f func(Node) bool) {
	for _, n := range nodes {
		Inspect(n, f)
	}
}

func inspectLine(l *Line, f func(Node) bool) {
	inspectAll(l.Start, f)
	for _, m := range l.Moves {
		Inspect(m, f)
	}
}

// Tokens calls yield for every token of the file in source order. Together
// with the whitespace between them, the tokens make up the whole text: this
// is what makes the tree lossless.
func (f *File) Tokens(yield func(Token)) {
	for _, item := range f.Items {
		NodeTokens(item, yield)
	}
}

// NodeTokens calls yield for every token of node in source order.
func NodeTokens(node Node, yield func(Token)) {
	switch n := node.(type) {
	case *Game:
		for _, item := range n.TagItems {
			NodeTokens(item, yield)
		}
		lineTokens(&n.Moves, yield)
		if n.Result != nil {
			yield(n.Result.Tok)
		}
	case *Tag:
		yield(Token{Kind: LBracket, Pos: n.LBrack, End: n.LBrack + 1})
		yield(n.NameTok)
		yield(n.ValueTok)
		yield(Token{Kind: RBracket, Pos: n.RBrack, End: n.RBrack + 1})
	case *Move:
		if n.Number != nil {
			yield(n.Number.Tok)
			if n.Number.Dots != nil {
				yield(*n.Number.Dots)
			}
		}
		for _, b := range n.Before {
			NodeTokens(b, yield)
		}
		yield(n.SAN)
		for _, a := range n.After {
			NodeTokens(a, yield)
		}
	case *Variation:
		yield(Token{Kind: LParen, Pos: n.LParen, End: n.LParen + 1})
		lineTokens(&n.Line, yield)
		if n.RParen.IsValid() {
			yield(Token{Kind: RParen, Pos: n.RParen, End: n.RParen + 1})
		}
	case *Bad:
		for _, t := range n.Tokens {
			yield(t)
		}
	case *Comment:
		yield(n.Tok)
	case *Escape:
		yield(n.Tok)
	case *SuffixNode:
		yield(n.Tok)
	case *NAGNode:
		yield(n.Tok)
	case *ResultNode:
		yield(n.Tok)
	case *BOMNode:
		yield(n.Tok)
	}
}

func lineTokens(l *Line, yield func(Token)) {
	for _, n := range l.Start {
		NodeTokens(n, yield)
	}
	for _, m := range l.Moves {
		NodeTokens(m, yield)
	}
}

// Reconstruct rebuilds the source text from the tree: every token, and the
// whitespace between tokens. It is the proof that the tree is lossless, and
// it reports the first place where a gap between tokens is not whitespace.
func (f *File) Reconstruct() (string, error) {
	buf := make([]byte, 0, len(f.Src))
	prev := Pos(0)
	var err error
	f.Tokens(func(t Token) {
		if err != nil {
			return
		}
		if t.Pos < prev {
			err = &Error{Pos: t.Pos, End: t.End, Msg: "token out of order"}
			return
		}
		gap := f.Src[prev:t.Pos]
		if !isWhitespace(gap) {
			err = &Error{Pos: prev, End: t.Pos, Msg: "text not covered by any token: " + clip(gap, 40)}
			return
		}
		buf = append(buf, gap...)
		buf = append(buf, f.Src[t.Pos:t.End]...)
		prev = t.End
	})
	if err != nil {
		return "", err
	}
	tail := f.Src[prev:]
	if !isWhitespace(tail) {
		return "", &Error{Pos: prev, End: Pos(len(f.Src)), Msg: "text after the last token: " + clip(tail, 40)}
	}
	return string(append(buf, tail...)), nil
}

func isWhitespace(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpace(s[i]) {
			return false
		}
	}
	return true
}
