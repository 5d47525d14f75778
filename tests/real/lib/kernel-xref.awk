# SPDX-License-Identifier: GPL-2.0-only
# kernel-xref.awk: the decision of kernel-xref.sh (rules K2..K8 there).
# Files, in order: objs (OBJECT<TAB>DOMAIN<TAB>ORIGIN), sources (kbuild
# `source_OBJ := PATH` lines), ldsrefs (`ref NAME`/`def NAME`, kernel-lds.awk), syms
# (`nm -P -A` lines).  Variables: B (build dir), SRC (source tree), LDS (linker
# script path relative to B, may be empty), OUT (rows, unsorted), LINKED (the
# library members linked, one per line), STATS (counts file, may be empty).

FILENAME == ARGV[1] {
	no++
	obj[no] = $1; dom[no] = $2; origin[no] = $3; oidx[$1] = no
	if ($3 ~ /^lib:/) {
		a = substr($3, 5)
		if (!(a in nmem)) { narch++; arch[narch] = a; nmem[a] = 0 }
		member[a, ++nmem[a]] = no
	}
	next
}
FILENAME == ARGV[2] {
	line = $0
	sub(/^source_/, "", line)
	i = index(line, " := ")
	if (i) srcof[substr(line, 1, i - 1)] = substr(line, i + 4)
	next
}
FILENAME == ARGV[3] {
	split($0, w, " ")
	if (w[1] == "ref") ldsref[w[2]] = 1; else if (w[1] == "def") ldsdef[w[2]] = 1
	next
}
{
	# "OBJECT: NAME LETTER [VALUE SIZE]"
	n = split($0, f, " ")
	o = f[1]; sub(/:$/, "", o)
	if (!(o in oidx) || n < 3) next
	ns++
	so[ns] = oidx[o]; sn[ns] = f[2]; sl[ns] = f[3]
}

function isdef(l) { return l ~ /^[A-Z]$/ && l != "U" }
function isref(l) { return l == "U" || l == "w" || l == "v" }

# append u to the comma list in lists[key] unless already there
function addunit(key, u) {
	if ((key, u) in have) return
	have[key, u] = 1
	lists[key] = (key in lists) ? lists[key] "," u : u
}

function sorted(list,    arr, m, i, j, t, s) {
	m = split(list, arr, ",")
	for (i = 2; i <= m; i++) {
		t = arr[i]
		for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j + 1] = arr[j]
		arr[j + 1] = t
	}
	s = ""
	for (i = 1; i <= m; i++) if (i == 1 || arr[i] != arr[i - 1]) s = s (s == "" ? "" : ",") arr[i]
	return s
}

function relsrc(p) {
	if (p == "") return "-"
	if (substr(p, 1, length(SRC) + 1) == SRC "/") return substr(p, length(SRC) + 2)
	if (substr(p, 1, length(B) + 1) == B "/") return substr(p, length(B) + 2)
	return p
}

END {
	# --- K2e: the library closure ---
	for (i = 1; i <= ns; i++) {
		k = so[i]
		if (origin[k] == "base") {
			linked[k] = 1
			if (isdef(sl[i])) vdef[sn[i]] = 1
			else if (sl[i] == "U") vund[sn[i]] = 1
		} else if (origin[k] == "mod") {
			linked[k] = 1
		} else {
			if (isdef(sl[i])) mdefs[k] = mdefs[k] " " sn[i]
			else if (sl[i] == "U") mund[k] = mund[k] " " sn[i]
		}
	}
	for (k = 1; k <= no; k++) if (origin[k] == "base" || origin[k] == "mod") linked[k] = 1
	for (S in ldsref) if (!(S in ldsdef)) vund[S] = 1
	do {
		group_changed = 0
		for (ai = 1; ai <= narch; ai++) {
			a = arch[ai]
			do {
				changed = 0
				for (mi = 1; mi <= nmem[a]; mi++) {
					k = member[a, mi]
					if (k in linked) continue
					m = split(mdefs[k], ds, " ")
					pull = 0
					for (j = 1; j <= m; j++) if ((ds[j] in vund) && !(ds[j] in vdef)) { pull = 1; break }
					if (!pull) continue
					linked[k] = 1; changed = 1; group_changed = 1
					for (j = 1; j <= m; j++) vdef[ds[j]] = 1
					m = split(mund[k], us, " ")
					for (j = 1; j <= m; j++) vund[us[j]] = 1
				}
			} while (changed)
		}
	} while (group_changed)
	printf "" > LINKED
	for (k = 1; k <= no; k++) if (origin[k] ~ /^lib:/ && (k in linked)) print obj[k] > LINKED
	close(LINKED)

	# --- K4: units ---
	for (k = 1; k <= no; k++) {
		if (!(k in linked)) continue
		o = obj[k]
		d = o; if (!sub(/\/[^\/]*$/, "", d)) d = "."
		s = (o in srcof) ? srcof[o] : ""
		src[k] = relsrc(s)
		isasm[k] = (s ~ /\.[Ss]$/) || (s == "" && o ~ /^\.tmp_vmlinux\.kallsyms[0-9]*\.o$/)
		if (isasm[k]) unit[k] = d "#asm"
		else if (dom[k] != "vmlinux" && o ~ /\.mod\.o$/) unit[k] = o
		else if (dom[k] == "vmlinux") unit[k] = d
		else unit[k] = dom[k]
		nobj[dom[k] == "vmlinux" ? "vmlinux" : "modules"]++
		if (isasm[k]) nasm[dom[k] == "vmlinux" ? "vmlinux" : "modules"]++
	}

	# --- definitions and references, per domain ---
	for (i = 1; i <= ns; i++) {
		k = so[i]
		if (!(k in linked)) continue
		S = sn[i]; l = sl[i]; X = dom[k]
		if (S ~ /^__ksymtab_/ && !isref(l)) ksym[substr(S, 11)] = 1
		if (isdef(l) && dom[k] != "vmlinux" && obj[k] ~ /\.mod\.o$/) continue
		if (isdef(l)) {
			nd++
			dsym[nd] = S; dobj[nd] = k; dweak[nd] = (l == "W" || l == "V")
			defs[X, S] = ((X, S) in defs) ? defs[X, S] " " nd : nd
			ndefs[X, S]++
		} else if (isref(l)) {
			refs_from[++nr] = k; refs_sym[nr] = S
		}
	}
	for (r = 1; r <= nr; r++) {
		k = refs_from[r]; S = refs_sym[r]; X = dom[k]
		if (X == "vmlinux" || ((X, S) in defs)) addunit("in" SUBSEP X SUBSEP S, unit[k])
		else addunit("ext" SUBSEP S, unit[k])
	}
	if (LDS != "")
		for (S in ldsref) if (("vmlinux", S) in defs) addunit("in" SUBSEP "vmlinux" SUBSEP S, LDS)

	# --- K6/K7: rows ---
	for (d = 1; d <= nd; d++) {
		S = dsym[d]; k = dobj[d]; X = dom[k]; D = unit[k]
		list = ""
		key = "in" SUBSEP X SUBSEP S
		if (key in lists) list = lists[key]
		if (("ext" SUBSEP S) in lists) list = list (list == "" ? "" : ",") lists["ext" SUBSEP S]
		pair = ""
		if (ndefs[X, S] > 1) {
			m = split(defs[X, S], od, " ")
			for (j = 1; j <= m; j++) {
				e = od[j] + 0
				if (e != d && (dweak[d] || dweak[e])) pair = pair (pair == "" ? "" : ",") unit[dobj[e]]
			}
			if (pair != "") weakpair[X, S] = 1
		}
		if (pair != "") list = list (list == "" ? "" : ",") pair
		# drop D
		m = split(list, us, ",")
		list = ""
		for (j = 1; j <= m; j++) if (us[j] != D) list = list (list == "" ? "" : ",") us[j]
		if (list == "") continue
		list = sorted(list)
		status = isasm[k] ? "asm" : ((S in ksym) ? "exported" : "tag")
		print S "\t" D "\t" obj[k] "\t" src[k] "\t" status "\t" list > OUT
		nrows[status]++
		nrows[X == "vmlinux" ? "vmlinux" : "modules"]++
		if (list == LDS) ldsonly++
		if (pair != "" && !(key in lists) && !(("ext" SUBSEP S) in lists)) paironly++
	}
	close(OUT)

	if (STATS == "") exit 0
	for (a in nmem) {
		linkedn = 0
		for (mi = 1; mi <= nmem[a]; mi++) if (member[a, mi] in linked) linkedn++
		printf "lib_members_linked\t%s\t%d/%d\n", a, linkedn, nmem[a] > STATS
	}
	for (k = 1; k <= no; k++) if (origin[k] == "base") nbase++
	for (k = 1; k <= no; k++) if (origin[k] == "mod" && obj[k] !~ /\.mod\.o$/) nmodobj++
	for (k = 1; k <= no; k++) if (obj[k] ~ /\.mod\.o$/) nmods++
	printf "vmlinux_base_objects\t%d\n", nbase > STATS
	printf "vmlinux_objects_linked\t%d\n", nobj["vmlinux"] > STATS
	printf "vmlinux_asm_objects\t%d\n", nasm["vmlinux"] + 0 > STATS
	printf "modules\t%d\n", nmods + 0 > STATS
	printf "module_objects_excl_mod_o\t%d\n", nmodobj + 0 > STATS
	printf "module_asm_objects\t%d\n", nasm["modules"] + 0 > STATS
	printf "definitions\t%d\n", nd > STATS
	for (S in ksym) nksym++
	printf "ksymtab_symbols\t%d\n", nksym + 0 > STATS
	for (s in nrows) printf "rows_%s\t%d\n", s, nrows[s] > STATS
	for (s in weakpair) nweak++
	printf "weak_strong_pair_symbols\t%d\n", nweak + 0 > STATS
	printf "rows_only_from_weak_pair\t%d\n", paironly + 0 > STATS
	printf "rows_only_from_lds\t%d\n", ldsonly + 0 > STATS
	for (S in ldsref) if (("vmlinux", S) in defs) { nlds++; ldsl = ldsl " " S }
	printf "lds_refs_to_object_symbols\t%d\t%s\n", nlds + 0, ldsl > STATS
	close(STATS)
}
