# SPDX-License-Identifier: GPL-2.0-only
# kernel-lds.awk: print, one per line, the symbol names a (preprocessed) GNU ld
# linker script references, per the rule in kernel-xref.sh:
#   identifiers in ENTRY(...), in the right-hand side of an assignment
#   (=, +=, -=, *=, /=, <<=, >>=, &=, |=; also inside PROVIDE/PROVIDE_HIDDEN/HIDDEN)
#   up to the end of the statement, in the condition of ASSERT(cond, "msg"), and
#   in AT(...); not the section names inside ADDR/LOADADDR/SIZEOF/ALIGNOF(...),
#   not script keywords or built-in functions, not the fill value after `} :phdr =`.
# Output lines: `ref NAME` for each name referenced, `def NAME` for each name the
# script assigns outside PROVIDE/PROVIDE_HIDDEN (ld defines those unconditionally;
# a PROVIDEd name is defined only when nothing else defines it).  Each line once.
# Portable awk (mawk, gawk, busybox).

{ text = text $0 "\n" }

function push(t) { tok[++nt] = t }

END {
	# comments and strings out
	while ((i = index(text, "/*")) > 0) {
		rest = substr(text, i + 2)
		j = index(rest, "*/")
		text = substr(text, 1, i - 1) " " (j ? substr(rest, j + 2) : "")
	}
	gsub(/"[^"]*"/, " \"\" ", text)
	# tokens: names, numbers and section names as [A-Za-z0-9_.$]+ runs, operators
	nt = 0
	n = length(text)
	p = 1
	while (p <= n) {
		c = substr(text, p, 1)
		if (c ~ /[A-Za-z0-9_.$]/) {
			q = p
			while (q <= n && substr(text, q, 1) ~ /[A-Za-z0-9_.$]/) q++
			push(substr(text, p, q - p)); p = q; continue
		}
		if (c ~ /[ \t\n\r\f]/) { p++; continue }
		three = substr(text, p, 3)
		if (three == "<<=" || three == ">>=") { push(three); p += 3; continue }
		two = substr(text, p, 2)
		if (two ~ /^(==|!=|<=|>=|<<|>>|&&|\|\||\+=|-=|\*=|\/=|&=|\|=)$/) { push(two); p += 2; continue }
		push(c); p++
	}
	split("ABSOLUTE ADDR ALIGN ALIGNOF AT ASSERT BLOCK BYTE COMMONPAGESIZE CONSTANT " \
	      "CREATE_OBJECT_SYMBOLS DATA_SEGMENT_ALIGN DATA_SEGMENT_END DATA_SEGMENT_RELRO_END " \
	      "DEFINED ENTRY FILL HIDDEN KEEP LENGTH LOADADDR LOG2CEIL LONG MAX MAXPAGESIZE MIN " \
	      "NEXT NOLOAD ORIGIN PROVIDE PROVIDE_HIDDEN QUAD SEGMENT_START SHORT SIZEOF " \
	      "SIZEOF_HEADERS SQUAD SUBALIGN len l org o", kw, " ")
	for (k in kw) keyword[kw[k]] = 1
	for (i = 1; i <= nt; i++) {
		t = tok[i]
		if (t == "ENTRY" && tok[i + 1] == "(") { ref(tok[i + 2]); continue }
		if ((t == "ASSERT" || t == "AT") && tok[i + 1] == "(") {
			# up to the ',' (ASSERT) or ')' at the outer level
			d = 0
			for (j = i + 2; j <= nt; j++) {
				if (tok[j] == "(") d++
				else if (tok[j] == ")") { if (d == 0) break; d-- }
				else if (tok[j] == "," && d == 0) break
				else expr_tok(j)
			}
			i = j
			continue
		}
		if (t ~ /^(=|\+=|-=|\*=|\/=|<<=|>>=|&=|\|=)$/) {
			if (i > 2 && tok[i - 2] == ":" || tok[i - 1] == "}") { i++; continue }   # fill
			if (!(tok[i - 2] == "(" && tok[i - 3] ~ /^PROVIDE(_HIDDEN)?$/) &&
			    tok[i - 1] ~ /^[A-Za-z_][A-Za-z0-9_]*$/)
				defd[tok[i - 1]] = 1
			d = 0
			for (j = i + 1; j <= nt; j++) {
				u = tok[j]
				if (u == ";" || u == "{" || u == "}") break
				if (u ~ /^(=|\+=|-=|\*=|\/=|<<=|>>=|&=|\|=)$/) break
				if (u == "(") d++
				else if (u == ")") { if (d == 0) break; d-- }
				else if (u == "ASSERT" && tok[j + 1] == "(") break   # `. = ASSERT(...)`
				else expr_tok(j)
			}
			i = j - 1
			continue
		}
	}
	for (s in seen) print "ref " s
	for (s in defd) print "def " s
}

# one token of an expression: a reference unless it is a keyword, a number, or the
# section name argument of ADDR() and friends
function expr_tok(j) {
	if (tok[j - 1] == "(" && tok[j - 2] ~ /^(ADDR|LOADADDR|SIZEOF|ALIGNOF|CONSTANT|SEGMENT_START)$/)
		return
	ref(tok[j])
}

function ref(s) {
	if (s !~ /^[A-Za-z_][A-Za-z0-9_]*$/ || (s in keyword)) return
	seen[s] = 1
}
