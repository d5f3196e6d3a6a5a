#!/usr/bin/env python3
"""Writes the Bebop paper's template program T(N) (Fig. 4, slide 26 of the
Bebop slides) to stdout: one global g, main calls level1 twice, level<i> runs
a 3-bit counter over its locals a, b, c when g holds and otherwise calls
level<i+1> twice (skips at level N), then negates g. T(N) has 3N+1 variables
and at most 4 in scope anywhere."""
import sys

def template(n: int) -> str:
    out = ["decl g;", "", "void main()", "begin", "  level1();", "  level1();",
           "  if (!g) then", "    reach: skip;", "  else", "    skip;", "  fi", "end", ""]
    for i in range(1, n + 1):
        stmt = f"level{i + 1}();" if i < n else "skip;"
        out += [f"void level{i}()", "begin", "  decl a, b, c;", "  if (g) then",
                "    while (!a | !b | !c) do",
                "      if (!a) then", "        a := 1;",
                "      elsif (!b) then", "        a, b := 0, 1;",
                "      elsif (!c) then", "        a, b, c := 0, 0, 1;",
                "      else", "        skip;", "      fi",
                "    od", "  else", f"    {stmt}", f"    {stmt}", "  fi",
                "  g := !g;", "end", ""]
    return "\n".join(out)

if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: gen-template.py N   (N >= 1)")
    sys.stdout.write(template(int(sys.argv[1])))
