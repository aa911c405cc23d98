package lsp

import (
	"context"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// nyi answers every method of protocol.Server with a MethodNotFound error.
// The server embeds it, so that a method pgnls does not implement is a
// proper error reply (never a call through a nil interface) and a feature
// is added by defining its method on *server, which shadows the one here.
type nyi struct{}

var _ protocol.Server = nyi{}

func notImplemented(method string) error {
	return jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "pgnls does not implement %s", method)
}

// Request receives every method protocol.ServerHandler does not know.
func (nyi) Request(_ context.Context, method string, _ any) (any, error) {
	return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "method not found: %s", method)
}

func (nyi) Initialize(_ context.Context, _ *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	return nil, notImplemented(protocol.MethodInitialize)
}

func (nyi) Initialized(_ context.Context, _ *protocol.InitializedParams) error {
	return notImplemented(protocol.MethodInitialized)
}

func (nyi) Shutdown(_ context.Context) error {
	return notImplemented(protocol.MethodShutdown)
}

func (nyi) Exit(_ context.Context) error {
	return notImplemented(protocol.MethodExit)
}

func (nyi) WorkDoneProgressCancel(_ context.Context, _ *protocol.WorkDoneProgressCancelParams) error {
	return notImplemented(protocol.MethodWorkDoneProgressCancel)
}

func (nyi) LogTrace(_ context.Context, _ *protocol.LogTraceParams) error {
	return notImplemented(protocol.MethodLogTrace)
}

func (nyi) SetTrace(_ context.Context, _ *protocol.SetTraceParams) error {
	return notImplemented(protocol.MethodSetTrace)
}

func (nyi) CodeAction(_ context.Context, _ *protocol.CodeActionParams) ([]protocol.CodeAction, error) {
	return nil, notImplemented(protocol.MethodTextDocumentCodeAction)
}

func (nyi) CodeLens(_ context.Context, _ *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	return nil, notImplemented(protocol.MethodTextDocumentCodeLens)
}

func (nyi) CodeLensResolve(_ context.Context, _ *protocol.CodeLens) (*protocol.CodeLens, error) {
	return nil, notImplemented(protocol.MethodCodeLensResolve)
}

func (nyi) ColorPresentation(_ context.Context, _ *protocol.ColorPresentationParams) ([]protocol.ColorPresentation, error) {
	return nil, notImplemented(protocol.MethodTextDocumentColorPresentation)
}

func (nyi) Completion(_ context.Context, _ *protocol.CompletionParams) (*protocol.CompletionList, error) {
	return nil, notImplemented(protocol.MethodTextDocumentCompletion)
}

func (nyi) CompletionResolve(_ context.Context, _ *protocol.CompletionItem) (*protocol.CompletionItem, error) {
	return nil, notImplemented(protocol.MethodCompletionItemResolve)
}

func (nyi) Declaration(_ context.Context, _ *protocol.DeclarationParams) ([]protocol.Location, error) {
	return nil, notImplemented(protocol.MethodTextDocumentDeclaration)
}

func (nyi) Definition(_ context.Context, _ *protocol.DefinitionParams) ([]protocol.Location, error) {
	return nil, notImplemented(protocol.MethodTextDocumentDefinition)
}

func (nyi) DidChange(_ context.Context, _ *protocol.DidChangeTextDocumentParams) error {
	return notImplemented(protocol.MethodTextDocumentDidChange)
}

func (nyi) DidChangeConfiguration(_ context.Context, _ *protocol.DidChangeConfigurationParams) error {
	return notImplemented(protocol.MethodWorkspaceDidChangeConfiguration)
}

func (nyi) DidChangeWatchedFiles(_ context.Context, _ *protocol.DidChangeWatchedFilesParams) error {
	return notImplemented(protocol.MethodWorkspaceDidChangeWatchedFiles)
}

func (nyi) DidChangeWorkspaceFolders(_ context.Context, _ *protocol.DidChangeWorkspaceFoldersParams) error {
	return notImplemented(protocol.MethodWorkspaceDidChangeWorkspaceFolders)
}

func (nyi) DidClose(_ context.Context, _ *protocol.DidCloseTextDocumentParams) error {
	return notImplemented(protocol.MethodTextDocumentDidClose)
}

func (nyi) DidOpen(_ context.Context, _ *protocol.DidOpenTextDocumentParams) error {
	return notImplemented(protocol.MethodTextDocumentDidOpen)
}

func (nyi) DidSave(_ context.Context, _ *protocol.DidSaveTextDocumentParams) error {
	return notImplemented(protocol.MethodTextDocumentDidSave)
}

func (nyi) DocumentColor(_ context.Context, _ *protocol.DocumentColorParams) ([]protocol.ColorInformation, error) {
	return nil, notImplemented(protocol.MethodTextDocumentDocumentColor)
}

func (nyi) DocumentHighlight(_ context.Context, _ *protocol.DocumentHighlightParams) ([]protocol.DocumentHighlight, error) {
	return nil, notImplemented(protocol.MethodTextDocumentDocumentHighlight)
}

func (nyi) DocumentLink(_ context.Context, _ *protocol.DocumentLinkParams) ([]protocol.DocumentLink, error) {
	return nil, notImplemented(protocol.MethodTextDocumentDocumentLink)
}

func (nyi) DocumentLinkResolve(_ context.Context, _ *protocol.DocumentLink) (*protocol.DocumentLink, error) {
	return nil, notImplemented(protocol.MethodDocumentLinkResolve)
}

func (nyi) DocumentSymbol(_ context.Context, _ *protocol.DocumentSymbolParams) ([]any, error) {
	return nil, notImplemented(protocol.MethodTextDocumentDocumentSymbol)
}

func (nyi) ExecuteCommand(_ context.Context, _ *protocol.ExecuteCommandParams) (any, error) {
	return nil, notImplemented(protocol.MethodWorkspaceExecuteCommand)
}

func (nyi) FoldingRanges(_ context.Context, _ *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	return nil, notImplemented(protocol.MethodTextDocumentFoldingRange)
}

func (nyi) Formatting(_ context.Context, _ *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	return nil, notImplemented(protocol.MethodTextDocumentFormatting)
}

func (nyi) Hover(_ context.Context, _ *protocol.HoverParams) (*protocol.Hover, error) {
	return nil, notImplemented(protocol.MethodTextDocumentHover)
}

func (nyi) Implementation(_ context.Context, _ *protocol.ImplementationParams) ([]protocol.Location, error) {
	return nil, notImplemented(protocol.MethodTextDocumentImplementation)
}

func (nyi) OnTypeFormatting(_ context.Context, _ *protocol.DocumentOnTypeFormattingParams) ([]protocol.TextEdit, error) {
	return nil, notImplemented(protocol.MethodTextDocumentOnTypeFormatting)
}

func (nyi) PrepareRename(_ context.Context, _ *protocol.PrepareRenameParams) (*protocol.Range, error) {
	return nil, notImplemented(protocol.MethodTextDocumentPrepareRename)
}

func (nyi) RangeFormatting(_ context.Context, _ *protocol.DocumentRangeFormattingParams) ([]protocol.TextEdit, error) {
	return nil, notImplemented(protocol.MethodTextDocumentRangeFormatting)
}

func (nyi) References(_ context.Context, _ *protocol.ReferenceParams) ([]protocol.Location, error) {
	return nil, notImplemented(protocol.MethodTextDocumentReferences)
}

func (nyi) Rename(_ context.Context, _ *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	return nil, notImplemented(protocol.MethodTextDocumentRename)
}

func (nyi) SignatureHelp(_ context.Context, _ *protocol.SignatureHelpParams) (*protocol.SignatureHelp, error) {
	return nil, notImplemented(protocol.MethodTextDocumentSignatureHelp)
}

func (nyi) Symbols(_ context.Context, _ *protocol.WorkspaceSymbolParams) ([]protocol.SymbolInformation, error) {
	return nil, notImplemented(protocol.MethodWorkspaceSymbol)
}

func (nyi) TypeDefinition(_ context.Context, _ *protocol.TypeDefinitionParams) ([]protocol.Location, error) {
	return nil, notImplemented(protocol.MethodTextDocumentTypeDefinition)
}

func (nyi) WillSave(_ context.Context, _ *protocol.WillSaveTextDocumentParams) error {
	return notImplemented(protocol.MethodTextDocumentWillSave)
}

func (nyi) WillSaveWaitUntil(_ context.Context, _ *protocol.WillSaveTextDocumentParams) ([]protocol.TextEdit, error) {
	return nil, notImplemented(protocol.MethodTextDocumentWillSaveWaitUntil)
}

func (nyi) ShowDocument(_ context.Context, _ *protocol.ShowDocumentParams) (*protocol.ShowDocumentResult, error) {
	return nil, notImplemented(protocol.MethodShowDocument)
}

func (nyi) WillCreateFiles(_ context.Context, _ *protocol.CreateFilesParams) (*protocol.WorkspaceEdit, error) {
	return nil, notImplemented(protocol.MethodWillCreateFiles)
}

func (nyi) DidCreateFiles(_ context.Context, _ *protocol.CreateFilesParams) error {
	return notImplemented(protocol.MethodDidCreateFiles)
}

func (nyi) WillRenameFiles(_ context.Context, _ *protocol.RenameFilesParams) (*protocol.WorkspaceEdit, error) {
	return nil, notImplemented(protocol.MethodWillRenameFiles)
}

func (nyi) DidRenameFiles(_ context.Context, _ *protocol.RenameFilesParams) error {
	return notImplemented(protocol.MethodDidRenameFiles)
}

func (nyi) WillDeleteFiles(_ context.Context, _ *protocol.DeleteFilesParams) (*protocol.WorkspaceEdit, error) {
	return nil, notImplemented(protocol.MethodWillDeleteFiles)
}

func (nyi) DidDeleteFiles(_ context.Context, _ *protocol.DeleteFilesParams) error {
	return notImplemented(protocol.MethodDidDeleteFiles)
}

func (nyi) CodeLensRefresh(_ context.Context) error {
	return notImplemented(protocol.MethodCodeLensRefresh)
}

func (nyi) PrepareCallHierarchy(_ context.Context, _ *protocol.CallHierarchyPrepareParams) ([]protocol.CallHierarchyItem, error) {
	return nil, notImplemented(protocol.MethodTextDocumentPrepareCallHierarchy)
}

func (nyi) IncomingCalls(_ context.Context, _ *protocol.CallHierarchyIncomingCallsParams) ([]protocol.CallHierarchyIncomingCall, error) {
	return nil, notImplemented(protocol.MethodCallHierarchyIncomingCalls)
}

func (nyi) OutgoingCalls(_ context.Context, _ *protocol.CallHierarchyOutgoingCallsParams) ([]protocol.CallHierarchyOutgoingCall, error) {
	return nil, notImplemented(protocol.MethodCallHierarchyOutgoingCalls)
}

func (nyi) SemanticTokensFull(_ context.Context, _ *protocol.SemanticTokensParams) (*protocol.SemanticTokens, error) {
	return nil, notImplemented(protocol.MethodSemanticTokensFull)
}

func (nyi) SemanticTokensFullDelta(_ context.Context, _ *protocol.SemanticTokensDeltaParams) (any, error) {
	return nil, notImplemented(protocol.MethodSemanticTokensFullDelta)
}

func (nyi) SemanticTokensRange(_ context.Context, _ *protocol.SemanticTokensRangeParams) (*protocol.SemanticTokens, error) {
	return nil, notImplemented(protocol.MethodSemanticTokensRange)
}

func (nyi) SemanticTokensRefresh(_ context.Context) error {
	return notImplemented(protocol.MethodSemanticTokensRefresh)
}

func (nyi) LinkedEditingRange(_ context.Context, _ *protocol.LinkedEditingRangeParams) (*protocol.LinkedEditingRanges, error) {
	return nil, notImplemented(protocol.MethodLinkedEditingRange)
}

func (nyi) Moniker(_ context.Context, _ *protocol.MonikerParams) ([]protocol.Moniker, error) {
	return nil, notImplemented(protocol.MethodMoniker)
}
