package board

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"strings"
	"testing"
)

// TestNoFusableProducts: every float product in the board's code and in
// game/detmath is explicitly converted (float64(x*y)) unless it feeds
// another product, so the compiler cannot fuse it into an FMA with a sum it feeds,
// in the same expression, through a variable or through an inlined call
// (issue 9, item 1). A product fused on arm64 or GOAMD64=v3 would round
// once instead of twice and paths would differ in their last bits; the
// golden saves replayed under those builds catch that too, this names the
// line. Nor may a float be scaled with *=.
func TestNoFusableProducts(t *testing.T) {
	// (For the engine and the rules, make test-cpus searches the arm64 test
	// binary for fused instructions.)
	for _, dir := range []string{".", "../detmath"} {
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, pkg := range pkgs {
			var files []*ast.File
			for _, f := range pkg.Files {
				files = append(files, f)
			}
			info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
			// Float values in this code come from its own types, math and
			// detmath: those are type-checked from source; other imports
			// (fmt, resolv, go-tiled, ...) are left empty, which keeps the
			// test fast under the race detector.
			src := importer.ForCompiler(fset, "source", nil)
			conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
				if path == "math" || path == "math/bits" || strings.HasSuffix(path, "/detmath") {
					return src.Import(path)
				}
				return types.NewPackage(path, path[strings.LastIndex(path, "/")+1:]), nil
			}), Error: func(error) {}}
			_, _ = conf.Check(dir, fset, files, info)
			for _, f := range files {
				for _, bad := range fusable(f, info) {
					t.Errorf("%s: a float product not converted: write float64(...)", fset.Position(bad))
				}
			}
		}
	}
}

// fusable lists the float products in f that are neither constant, nor an
// operand of another product, nor converted at once; and float *=.
func fusable(f *ast.File, info *types.Info) []token.Pos {
	isFloat := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Info()&types.IsFloat != 0
	}
	var out []token.Pos
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		var parent ast.Node
		for k := len(stack) - 1; k >= 0; k-- {
			if _, ok := stack[k].(*ast.ParenExpr); !ok {
				parent = stack[k]
				break
			}
		}
		stack = append(stack, n)
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.MUL_ASSIGN && isFloat(info.Types[as.Lhs[0]].Type) {
			out = append(out, as.Pos())
		}
		m, ok := n.(*ast.BinaryExpr)
		if !ok || m.Op != token.MUL {
			return true
		}
		if tv := info.Types[m]; tv.Value != nil || tv.Type == nil || !isFloat(tv.Type) {
			return true
		}
		if pb, ok := parent.(*ast.BinaryExpr); ok && pb.Op == token.MUL {
			return true
		}
		if call, ok := parent.(*ast.CallExpr); ok && len(call.Args) == 1 && info.Types[call.Fun].IsType() {
			return true
		}
		out = append(out, m.Pos())
		return true
	})
	return out
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
