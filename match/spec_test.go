package match

import (
	"errors"
	"reflect"
	"testing"
)

func TestParseEngineSpec(t *testing.T) {
	tests := []struct {
		in   string
		want EngineSpec
	}{
		{"cmd=baten uci", EngineSpec{Command: []string{"baten", "uci"}}},
		{"cmd=/usr/games/stockfish,option.Skill Level=5,name=SF 5",
			EngineSpec{Name: "SF 5", Command: []string{"/usr/games/stockfish"}, Options: []Option{{"Skill Level", "5"}}}},
		{`cmd='/opt/my engine/bin' --uci "a b",dir=/tmp,nodes=2000,option.Hash=64,option.Threads=1`,
			EngineSpec{Command: []string{"/opt/my engine/bin", "--uci", "a b"}, Dir: "/tmp", Nodes: 2000,
				Options: []Option{{"Hash", "64"}, {"Threads", "1"}}}},
		{`cmd=e,option.VariantPath=/a\,b.ini,name=x\\y`,
			EngineSpec{Name: `x\y`, Command: []string{"e"}, Options: []Option{{"VariantPath", "/a,b.ini"}}}},
		{"cmd=e,,option.Ponder=false,", EngineSpec{Command: []string{"e"}, Options: []Option{{"Ponder", "false"}}}},
	}
	for _, tt := range tests {
		got, err := ParseEngineSpec(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseEngineSpec(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseEngineSpecErrors(t *testing.T) {
	for _, in := range []string{
		"", "name=x", "cmd=", "cmd=   ", "cmd='unclosed", "cmd=a,cmd=b", "cmd=a,colour=red", "cmd=a,novalue",
		"cmd=a,nodes=0", "cmd=a,nodes=x", "cmd=a,option.=3", "cmd=a,option.X value Y=1", `cmd=a\`, "cmd=a,option.H=1\n2",
	} {
		if _, err := ParseEngineSpec(in); !errors.Is(err, ErrSpec) {
			t.Errorf("ParseEngineSpec(%q): error %v, want one wrapping ErrSpec", in, err)
		}
	}
}

func FuzzParseEngineSpec(f *testing.F) {
	for _, s := range []string{"cmd=baten uci", `cmd='a b' c,option.Skill Level=5,name=n\,m`, "cmd=x,nodes=5,dir=/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseEngineSpec(s)
		if err != nil {
			if !errors.Is(err, ErrSpec) {
				t.Fatalf("ParseEngineSpec(%q): error %v does not wrap ErrSpec", s, err)
			}
			return
		}
		if len(spec.Command) == 0 || spec.Nodes < 0 {
			t.Fatalf("ParseEngineSpec(%q) = %+v: no command or negative nodes", s, spec)
		}
		for _, o := range spec.Options {
			if o.Name == "" {
				t.Fatalf("ParseEngineSpec(%q): option without a name", s)
			}
		}
	})
}
