
use builtin;
use str;

set edit:completion:arg-completer[wenc] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'wenc'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'wenc'= {
            cand -f 'Input encoding, any label of the Encoding Standard, or auto'
            cand --from 'Input encoding, any label of the Encoding Standard, or auto'
            cand -t 'Output encoding'
            cand --to 'Output encoding'
            cand -e 'What to do with malformed input and unrepresentable characters'
            cand --errors 'What to do with malformed input and unrepresentable characters'
            cand --subst-char 'With -e subst: the character written for each one the output lacks [default: ?]'
            cand --eol 'Rewrite every line end (CRLF, LF, lone CR) of the decoded text as LF or CRLF'
            cand --normalize 'Apply a Unicode normalization form to the decoded text before encoding'
            cand -o 'Write to FILE instead of standard output'
            cand --output 'Write to FILE instead of standard output'
            cand --hint 'The language or country the text comes from, for guessing (--sniff, -f auto)'
            cand -j 'Threads for converting a large file or a pipe [default: the number of CPU cores]'
            cand --jobs 'Threads for converting a large file or a pipe [default: the number of CPU cores]'
            cand -g 'With -r: only files matching GLOB (ripgrep''s -g; !GLOB excludes); repeatable'
            cand --glob 'With -r: only files matching GLOB (ripgrep''s -g; !GLOB excludes); repeatable'
            cand --backup 'With -i -r: keep each original as FILE + SUFFIX (as sed -i.bak)'
            cand -i 'Convert each FILE in place'
            cand --in-place 'Convert each FILE in place'
            cand --force 'Replace a file even if it looks converted already'
            cand --ignore-bom 'No BOM sniffing: the -f encoding always wins, nothing removed'
            cand --add-bom 'Start the output with a BOM (UTF-8, UTF-16LE, UTF-16BE only)'
            cand --historical 'Read and write hz-gb-2312 and iso-2022-kr with the 2012 draft''s codecs'
            cand --sniff 'For each FILE, print its encoding and how it was found'
            cand -l 'Print every encoding with all of its labels (-l as in iconv)'
            cand --list-labels 'Print every encoding with all of its labels (-l as in iconv)'
            cand --json 'With --list-labels, --sniff, or -r: print JSON'
            cand --check 'Decode (and encode, with -t) without writing output'
            cand -q 'No warnings (errors are still reported)'
            cand --quiet 'No warnings (errors are still reported)'
            cand --progress 'Show a progress bar on standard error, even when it is not a terminal'
            cand -r 'With -i, --sniff or --check: walk each FILE that is a directory'
            cand --recursive 'With -i, --sniff or --check: walk each FILE that is a directory'
            cand --hidden 'With -r: include hidden files and directories'
            cand --no-ignore 'With -r: do not respect .gitignore, .ignore and git''s excludes'
            cand -L 'With -r: follow symbolic links'
            cand --follow 'With -r: follow symbolic links'
            cand -n 'With -i -r: report what would be done, write nothing'
            cand --dry-run 'With -i -r: report what would be done, write nothing'
            cand --keep-declaration 'Leave <meta charset>, XML and @charset declarations as they are'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
    ]
    $completions[$command]
}

# Added by wenc: labels for -f and -t, also as --from=LABEL and --to=LABEL,
# matched case-insensitively.
var wenc-clap-completer = $edit:completion:arg-completer[wenc]
set edit:completion:arg-completer[wenc] = {|@words|
    var typed = (str:to-lower $words[-1])
    var prefix = ''
    var take = ''
    if (and (> (count $words) 2) (has-value [-f -t --from --to --from-code --to-code] $words[-2])) {
        set take = $words[-2]
    }
    for option [--from --to --from-code --to-code] {
        if (str:has-prefix $typed $option'=') {
            set take = $option
            set prefix = $option'='
            set typed = $typed[(count $prefix)..]
        }
    }
    if (!=s $take '') {
        # -f also takes auto; -t no label of replacement, which wenc cannot write.
        var labels = ['auto' 'unicode-1-1-utf-8' 'unicode11utf8' 'unicode20utf8' 'utf-8' 'utf8' 'x-unicode20utf8' '866' 'cp866' 'csibm866' 'ibm866' 'csisolatin2' 'iso-8859-2' 'iso-ir-101' 'iso8859-2' 'iso88592' 'iso_8859-2' 'iso_8859-2:1987' 'l2' 'latin2' 'csisolatin3' 'iso-8859-3' 'iso-ir-109' 'iso8859-3' 'iso88593' 'iso_8859-3' 'iso_8859-3:1988' 'l3' 'latin3' 'csisolatin4' 'iso-8859-4' 'iso-ir-110' 'iso8859-4' 'iso88594' 'iso_8859-4' 'iso_8859-4:1988' 'l4' 'latin4' 'csisolatincyrillic' 'cyrillic' 'iso-8859-5' 'iso-ir-144' 'iso8859-5' 'iso88595' 'iso_8859-5' 'iso_8859-5:1988' 'arabic' 'asmo-708' 'csiso88596e' 'csiso88596i' 'csisolatinarabic' 'ecma-114' 'iso-8859-6' 'iso-8859-6-e' 'iso-8859-6-i' 'iso-ir-127' 'iso8859-6' 'iso88596' 'iso_8859-6' 'iso_8859-6:1987' 'csisolatingreek' 'ecma-118' 'elot_928' 'greek' 'greek8' 'iso-8859-7' 'iso-ir-126' 'iso8859-7' 'iso88597' 'iso_8859-7' 'iso_8859-7:1987' 'sun_eu_greek' 'csiso88598e' 'csisolatinhebrew' 'hebrew' 'iso-8859-8' 'iso-8859-8-e' 'iso-ir-138' 'iso8859-8' 'iso88598' 'iso_8859-8' 'iso_8859-8:1988' 'visual' 'csiso88598i' 'iso-8859-8-i' 'logical' 'csisolatin6' 'iso-8859-10' 'iso-ir-157' 'iso8859-10' 'iso885910' 'l6' 'latin6' 'iso-8859-13' 'iso8859-13' 'iso885913' 'iso-8859-14' 'iso8859-14' 'iso885914' 'csisolatin9' 'iso-8859-15' 'iso8859-15' 'iso885915' 'iso_8859-15' 'l9' 'iso-8859-16' 'cskoi8r' 'koi' 'koi8' 'koi8-r' 'koi8_r' 'koi8-ru' 'koi8-u' 'csmacintosh' 'mac' 'macintosh' 'x-mac-roman' 'dos-874' 'iso-8859-11' 'iso8859-11' 'iso885911' 'tis-620' 'windows-874' 'cp1250' 'windows-1250' 'x-cp1250' 'cp1251' 'windows-1251' 'x-cp1251' 'ansi_x3.4-1968' 'ascii' 'cp1252' 'cp819' 'csisolatin1' 'ibm819' 'iso-8859-1' 'iso-ir-100' 'iso8859-1' 'iso88591' 'iso_8859-1' 'iso_8859-1:1987' 'l1' 'latin1' 'us-ascii' 'windows-1252' 'x-cp1252' 'cp1253' 'windows-1253' 'x-cp1253' 'cp1254' 'csisolatin5' 'iso-8859-9' 'iso-ir-148' 'iso8859-9' 'iso88599' 'iso_8859-9' 'iso_8859-9:1989' 'l5' 'latin5' 'windows-1254' 'x-cp1254' 'cp1255' 'windows-1255' 'x-cp1255' 'cp1256' 'windows-1256' 'x-cp1256' 'cp1257' 'windows-1257' 'x-cp1257' 'cp1258' 'windows-1258' 'x-cp1258' 'x-mac-cyrillic' 'x-mac-ukrainian' 'chinese' 'csgb2312' 'csiso58gb231280' 'gb2312' 'gb_2312' 'gb_2312-80' 'gbk' 'iso-ir-58' 'x-gbk' 'gb18030' 'big5' 'big5-hkscs' 'cn-big5' 'csbig5' 'x-x-big5' 'cseucpkdfmtjapanese' 'euc-jp' 'x-euc-jp' 'csiso2022jp' 'iso-2022-jp' 'csshiftjis' 'ms932' 'ms_kanji' 'shift-jis' 'shift_jis' 'sjis' 'windows-31j' 'x-sjis' 'cseuckr' 'csksc56011987' 'euc-kr' 'iso-ir-149' 'korean' 'ks_c_5601-1987' 'ks_c_5601-1989' 'ksc5601' 'ksc_5601' 'windows-949' 'csiso2022kr' 'hz-gb-2312' 'iso-2022-cn' 'iso-2022-cn-ext' 'iso-2022-kr' 'replacement' 'unicodefffe' 'utf-16be' 'csunicode' 'iso-10646-ucs-2' 'ucs-2' 'unicode' 'unicodefeff' 'utf-16' 'utf-16le' 'x-user-defined']
        if (or (eq $take -t) (str:has-prefix $take --to)) {
            set labels = ['unicode-1-1-utf-8' 'unicode11utf8' 'unicode20utf8' 'utf-8' 'utf8' 'x-unicode20utf8' '866' 'cp866' 'csibm866' 'ibm866' 'csisolatin2' 'iso-8859-2' 'iso-ir-101' 'iso8859-2' 'iso88592' 'iso_8859-2' 'iso_8859-2:1987' 'l2' 'latin2' 'csisolatin3' 'iso-8859-3' 'iso-ir-109' 'iso8859-3' 'iso88593' 'iso_8859-3' 'iso_8859-3:1988' 'l3' 'latin3' 'csisolatin4' 'iso-8859-4' 'iso-ir-110' 'iso8859-4' 'iso88594' 'iso_8859-4' 'iso_8859-4:1988' 'l4' 'latin4' 'csisolatincyrillic' 'cyrillic' 'iso-8859-5' 'iso-ir-144' 'iso8859-5' 'iso88595' 'iso_8859-5' 'iso_8859-5:1988' 'arabic' 'asmo-708' 'csiso88596e' 'csiso88596i' 'csisolatinarabic' 'ecma-114' 'iso-8859-6' 'iso-8859-6-e' 'iso-8859-6-i' 'iso-ir-127' 'iso8859-6' 'iso88596' 'iso_8859-6' 'iso_8859-6:1987' 'csisolatingreek' 'ecma-118' 'elot_928' 'greek' 'greek8' 'iso-8859-7' 'iso-ir-126' 'iso8859-7' 'iso88597' 'iso_8859-7' 'iso_8859-7:1987' 'sun_eu_greek' 'csiso88598e' 'csisolatinhebrew' 'hebrew' 'iso-8859-8' 'iso-8859-8-e' 'iso-ir-138' 'iso8859-8' 'iso88598' 'iso_8859-8' 'iso_8859-8:1988' 'visual' 'csiso88598i' 'iso-8859-8-i' 'logical' 'csisolatin6' 'iso-8859-10' 'iso-ir-157' 'iso8859-10' 'iso885910' 'l6' 'latin6' 'iso-8859-13' 'iso8859-13' 'iso885913' 'iso-8859-14' 'iso8859-14' 'iso885914' 'csisolatin9' 'iso-8859-15' 'iso8859-15' 'iso885915' 'iso_8859-15' 'l9' 'iso-8859-16' 'cskoi8r' 'koi' 'koi8' 'koi8-r' 'koi8_r' 'koi8-ru' 'koi8-u' 'csmacintosh' 'mac' 'macintosh' 'x-mac-roman' 'dos-874' 'iso-8859-11' 'iso8859-11' 'iso885911' 'tis-620' 'windows-874' 'cp1250' 'windows-1250' 'x-cp1250' 'cp1251' 'windows-1251' 'x-cp1251' 'ansi_x3.4-1968' 'ascii' 'cp1252' 'cp819' 'csisolatin1' 'ibm819' 'iso-8859-1' 'iso-ir-100' 'iso8859-1' 'iso88591' 'iso_8859-1' 'iso_8859-1:1987' 'l1' 'latin1' 'us-ascii' 'windows-1252' 'x-cp1252' 'cp1253' 'windows-1253' 'x-cp1253' 'cp1254' 'csisolatin5' 'iso-8859-9' 'iso-ir-148' 'iso8859-9' 'iso88599' 'iso_8859-9' 'iso_8859-9:1989' 'l5' 'latin5' 'windows-1254' 'x-cp1254' 'cp1255' 'windows-1255' 'x-cp1255' 'cp1256' 'windows-1256' 'x-cp1256' 'cp1257' 'windows-1257' 'x-cp1257' 'cp1258' 'windows-1258' 'x-cp1258' 'x-mac-cyrillic' 'x-mac-ukrainian' 'chinese' 'csgb2312' 'csiso58gb231280' 'gb2312' 'gb_2312' 'gb_2312-80' 'gbk' 'iso-ir-58' 'x-gbk' 'gb18030' 'big5' 'big5-hkscs' 'cn-big5' 'csbig5' 'x-x-big5' 'cseucpkdfmtjapanese' 'euc-jp' 'x-euc-jp' 'csiso2022jp' 'iso-2022-jp' 'csshiftjis' 'ms932' 'ms_kanji' 'shift-jis' 'shift_jis' 'sjis' 'windows-31j' 'x-sjis' 'cseuckr' 'csksc56011987' 'euc-kr' 'iso-ir-149' 'korean' 'ks_c_5601-1987' 'ks_c_5601-1989' 'ksc5601' 'ksc_5601' 'windows-949' 'unicodefffe' 'utf-16be' 'csunicode' 'iso-10646-ucs-2' 'ucs-2' 'unicode' 'unicodefeff' 'utf-16' 'utf-16le' 'x-user-defined']
        }
        for label $labels {
            if (str:has-prefix $label $typed) {
                put $prefix$label
            }
        }
    } else {
        $wenc-clap-completer $@words
    }
}
