package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis"
)

// completionTriggers are the characters after which a client asks for
// completions unprompted: '$' (NAGs), '.' (after a move number, the moves),
// '[' (tag names), '"' (tag values) and ' ' (the next move).
var completionTriggers = []string{"$", ".", "[", `"`, " "}

// completionOptions is the completionProvider capability: static, without
// resolve (every item is complete as sent).
func completionOptions() *protocol.CompletionOptions {
	return &protocol.CompletionOptions{TriggerCharacters: completionTriggers}
}

// textDocumentCaps is what the server reads of the client's textDocument
// capabilities (initializeParams). It decodes leniently: a capability of an
// unexpected shape is ignored rather than failing initialize.
type textDocumentCaps struct {
	snippets bool // completion.completionItem.snippetSupport
	// plainHover and plainDocs: hover text and completion documentation go
	// as plain text, not Markdown (hover.contentFormat,
	// completion.completionItem.documentationFormat).
	plainHover, plainDocs bool
}

func (c *textDocumentCaps) UnmarshalJSON(data []byte) error {
	var v struct {
		Completion *struct {
			CompletionItem *struct {
				SnippetSupport      bool            `json:"snippetSupport"`
				DocumentationFormat json.RawMessage `json:"documentationFormat"`
			} `json:"completionItem"`
		} `json:"completion"`
		Hover *struct {
			ContentFormat json.RawMessage `json:"contentFormat"`
		} `json:"hover"`
	}
	_ = json.Unmarshal(data, &v) // what decoded is used; the rest is ignored
	var hover, docs json.RawMessage
	if v.Hover != nil {
		hover = v.Hover.ContentFormat
	}
	if v.Completion != nil && v.Completion.CompletionItem != nil {
		c.snippets = v.Completion.CompletionItem.SnippetSupport
		docs = v.Completion.CompletionItem.DocumentationFormat
	}
	c.plainHover = prefersPlainText(hover, false)
	// A client that says nothing of completion documentation (eglot 1.9)
	// renders it as it renders hovers.
	c.plainDocs = prefersPlainText(docs, c.plainHover)
	return nil
}

// prefersPlainText reads a list of markup formats, in the client's order
// of preference: plain text unless "markdown" comes first (eglot without
// markdown-mode lists "plaintext" alone, and would show Markdown's marks as
// typed). A list that is absent or empty says unlisted (for hovers, false:
// Markdown, as gopls assumes).
func prefersPlainText(formats json.RawMessage, unlisted bool) bool {
	var list []string
	if json.Unmarshal(formats, &list) != nil || len(list) == 0 {
		return unlisted
	}
	return list[0] != string(protocol.Markdown)
}

// completionKinds maps analysis's kinds to the protocol's icons.
var completionKinds = map[analysis.CompletionKind]protocol.CompletionItemKind{
	analysis.CompleteMove:     protocol.CompletionItemKindFunction,
	analysis.CompleteNAG:      protocol.CompletionItemKindEnumMember,
	analysis.CompleteTag:      protocol.CompletionItemKindProperty,
	analysis.CompleteTagValue: protocol.CompletionItemKindValue,
	analysis.CompleteResult:   protocol.CompletionItemKindConstant,
}

// Completion answers textDocument/completion with analysis.Complete: tag
// pairs and values in tag sections; in movetext, the legal moves of the
// position at the cursor (main line or variation), NAGs after '$', and
// result markers at the end of the main line. Each item replaces the same
// range with a TextEdit; tag pairs come as snippets, with the cursor inside
// the quotes, when the client takes snippets. Documentation comes in the
// client's preferred format.
func (s *server) Completion(_ context.Context, p *protocol.CompletionParams) (*protocol.CompletionList, error) {
	snap, off, err := s.requestAt(p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	piece := snap.PieceAt(off)
	c := piece.Complete(off, analysis.CompleteOptions{ECO: s.ecoBook})
	if ce := s.log.Check(zap.DebugLevel, "completion"); ce != nil {
		// What the request saw: an editor that sends its changes late
		// gets completions of its old text.
		n := 0
		if c != nil {
			n = len(c.Items)
		}
		ce.Write(zap.String("uri", string(p.TextDocument.URI)), zap.Uint32("line", p.Position.Line), zap.Uint32("character", p.Position.Character),
			zap.String("before", piece.TextBefore(off, 40)), zap.Int("items", n))
	}
	if c == nil {
		return nil, nil
	}
	caps := s.clientCaps()
	rng := toRange(snap, int(c.Pos), int(c.End))
	items := make([]protocol.CompletionItem, len(c.Items))
	for i, it := range c.Items {
		text, format := it.InsertText, protocol.InsertTextFormatPlainText
		if caps.snippets && it.Snippet != "" {
			text, format = it.Snippet, protocol.InsertTextFormatSnippet
		}
		items[i] = protocol.CompletionItem{
			Label:            it.Label,
			Kind:             completionKinds[it.Kind],
			Detail:           it.Detail,
			FilterText:       it.FilterText,
			SortText:         it.SortText,
			Preselect:        it.Preselect,
			InsertTextFormat: format,
			TextEdit:         &protocol.TextEdit{Range: rng, NewText: text},
			// A client applies the TextEdit and ignores insertText, as the
			// protocol says, except eglot 1.9: it matches what was typed
			// against insertText (or else the label), and applies the
			// TextEdit only then. Where the typed word is not the label's
			// start ("0-0" for O-O), insertText is the word matched
			// (FilterText), so that eglot finds the item too.
			InsertText: it.FilterText,
		}
		if it.Documentation != "" {
			doc := protocol.MarkupContent{Kind: protocol.Markdown, Value: it.Documentation}
			if caps.plainDocs {
				doc = protocol.MarkupContent{Kind: protocol.PlainText, Value: it.PlainDocumentation}
			}
			items[i].Documentation = doc
		}
	}
	return &protocol.CompletionList{Items: items}, nil
}
