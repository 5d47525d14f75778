# SPDX-License-Identifier: GPL-2.0-only
# kernel-keep.awk LDS OBJDUMP: rule K9 of kernel-xref.sh. LDS is the
# preprocessed linker script; OBJDUMP is `objdump -t` of the objects the link
# always takes. Prints `ref NAME` for every global or weak definition whose
# section matches an input-section pattern inside KEEP(...) (file pattern `*`
# or matching the object's path), so the script is a referencing unit.
# Patterns are shell globs (`*`, `?`, `[...]`); SORT*(...) wrappers are
# dropped, EXCLUDE_FILE(...) lists are skipped.
function glob_re(g,   r, i, c) {
	r = "^"
	for (i = 1; i <= length(g); i++) {
		c = substr(g, i, 1)
		if (c == "*") r = r ".*"
		else if (c == "?") r = r "."
		else if (c == "[" || c == "]") r = r c
		else if (index(".+$^(){}|\\", c)) r = r "\\" c
		else r = r c
	}
	return r "$"
}
FNR == NR { lds = lds " " $0; next }
FNR == 1 {
	# the KEEP(...) bodies, balanced
	gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, " ", lds)
	nk = 0
	while ((p = index(lds, "KEEP")) > 0) {
		rest = substr(lds, p + 4)
		sub(/^[ \t]*/, "", rest)
		if (substr(rest, 1, 1) != "(") { lds = rest; continue }
		depth = 0
		for (i = 1; i <= length(rest); i++) {
			c = substr(rest, i, 1)
			if (c == "(") depth++
			else if (c == ")" && --depth == 0) break
		}
		body = substr(rest, 2, i - 2)
		lds = substr(rest, i + 1)
		gsub(/EXCLUDE_FILE[ \t]*\([^)]*\)/, " ", body)
		gsub(/SORT[A-Z_]*[ \t]*\(/, "(", body)
		# FILE ( SEC SEC ... )
		fp = body; sub(/\(.*/, "", fp); gsub(/[ \t]/, "", fp)
		if (fp == "") fp = "*"
		secs = body; sub(/^[^(]*\(/, "", secs); gsub(/[()]/, " ", secs)
		n = split(secs, s, /[ \t]+/)
		for (j = 1; j <= n; j++)
			if (s[j] != "") { nk++; kfile[nk] = glob_re(fp); ksec[nk] = glob_re(s[j]) }
	}
}
/:[ \t]+file format/ { obj = $1; sub(/:$/, "", obj); next }
/^[0-9a-f]+ / {
	line = $0
	sub(/^[0-9a-f]+ /, "", line)
	flags = substr(line, 1, 7)
	rest = substr(line, 9)
	tab = index(rest, "\t")
	if (!tab) next
	sec = substr(rest, 1, tab - 1)
	name = substr(rest, tab + 1); sub(/^[0-9a-f]+[ \t]+/, "", name)
	g = substr(flags, 1, 1); w = substr(flags, 2, 1)
	if (!(g == "g" || g == "u" || w == "w") || sec == "*UND*" || sec == "*COM*" || sec == "*ABS*")
		next
	base = obj; sub(/.*\//, "", base)
	for (k = 1; k <= nk; k++)
		if (sec ~ ksec[k] && (obj ~ kfile[k] || base ~ kfile[k])) { print "ref " name; break }
}
