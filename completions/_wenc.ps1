
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'wenc' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'wenc'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    # Added by wenc: labels for -f and -t, also as --from=LABEL and --to=LABEL
    # (-like matches case-insensitively).
    $wencFromLabels = 'auto unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8 866 cp866 csibm866 ibm866 csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2 csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3 csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4 csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988 arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987 csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual csiso88598i iso-8859-8-i logical csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6 iso-8859-13 iso8859-13 iso885913 iso-8859-14 iso8859-14 iso885914 csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9 iso-8859-16 cskoi8r koi koi8 koi8-r koi8_r koi8-ru koi8-u csmacintosh mac macintosh x-mac-roman dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874 cp1250 windows-1250 x-cp1250 cp1251 windows-1251 x-cp1251 ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252 cp1253 windows-1253 x-cp1253 cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 windows-1254 x-cp1254 cp1255 windows-1255 x-cp1255 cp1256 windows-1256 x-cp1256 cp1257 windows-1257 x-cp1257 cp1258 windows-1258 x-cp1258 x-mac-cyrillic x-mac-ukrainian chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk gb18030 big5 big5-hkscs cn-big5 csbig5 x-x-big5 cseucpkdfmtjapanese euc-jp x-euc-jp csiso2022jp iso-2022-jp csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949 csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement unicodefffe utf-16be csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le x-user-defined' -split ' '
    $wencToLabels = 'unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8 866 cp866 csibm866 ibm866 csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2 csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3 csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4 csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988 arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987 csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual csiso88598i iso-8859-8-i logical csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6 iso-8859-13 iso8859-13 iso885913 iso-8859-14 iso8859-14 iso885914 csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9 iso-8859-16 cskoi8r koi koi8 koi8-r koi8_r koi8-ru koi8-u csmacintosh mac macintosh x-mac-roman dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874 cp1250 windows-1250 x-cp1250 cp1251 windows-1251 x-cp1251 ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252 cp1253 windows-1253 x-cp1253 cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 windows-1254 x-cp1254 cp1255 windows-1255 x-cp1255 cp1256 windows-1256 x-cp1256 cp1257 windows-1257 x-cp1257 cp1258 windows-1258 x-cp1258 x-mac-cyrillic x-mac-ukrainian chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk gb18030 big5 big5-hkscs cn-big5 csbig5 x-x-big5 cseucpkdfmtjapanese euc-jp x-euc-jp csiso2022jp iso-2022-jp csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949 unicodefffe utf-16be csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le x-user-defined' -split ' '
    $wencOptions = '-f -t --from --to --from-code --to-code' -split ' '
    $wencPrevious = $commandElements |
        Where-Object { $_.Extent.EndOffset -lt $cursorPosition } |
        Select-Object -Last 1
    $wencPrefix = $null
    $wencValue = $wordToComplete
    if ($wordToComplete -match '^(--(from|to|from-code|to-code)=)(.*)$') {
        $wencPrefix = $Matches[1]
        $wencValue = $Matches[3]
        $wencOption = "--$($Matches[2])"
    } elseif ($wencPrevious -and $wencOptions -contains "$wencPrevious") {
        $wencPrefix = ''
        $wencOption = "$wencPrevious"
    }
    if ($null -ne $wencPrefix) {
        # -f also takes auto; -t no label of replacement, which wenc cannot write.
        $wencLabels = $wencFromLabels
        if ($wencOption -ceq '-t' -or $wencOption -clike '--to*') {
            $wencLabels = $wencToLabels
        }
        $wencLabels | Where-Object { $_ -like "$wencValue*" } | ForEach-Object {
            [CompletionResult]::new("$wencPrefix$_", $_, [CompletionResultType]::ParameterValue, $_)
        }
        return
    }

    $completions = @(switch ($command) {
        'wenc' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input encoding, any label of the Encoding Standard, or auto')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input encoding, any label of the Encoding Standard, or auto')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Output encoding')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Output encoding')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'What to do with malformed input and unrepresentable characters')
            [CompletionResult]::new('--errors', '--errors', [CompletionResultType]::ParameterName, 'What to do with malformed input and unrepresentable characters')
            [CompletionResult]::new('--subst-char', '--subst-char', [CompletionResultType]::ParameterName, 'With -e subst: the character written for each one the output lacks [default: ?]')
            [CompletionResult]::new('--eol', '--eol', [CompletionResultType]::ParameterName, 'Rewrite every line end (CRLF, LF, lone CR) of the decoded text as LF or CRLF')
            [CompletionResult]::new('--normalize', '--normalize', [CompletionResultType]::ParameterName, 'Apply a Unicode normalization form to the decoded text before encoding')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output')
            [CompletionResult]::new('--hint', '--hint', [CompletionResultType]::ParameterName, 'The language or country the text comes from, for guessing (--sniff, -f auto)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Threads for converting a large file or a pipe [default: the number of CPU cores]')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Threads for converting a large file or a pipe [default: the number of CPU cores]')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'With -r: only files matching GLOB (ripgrep''s -g; !GLOB excludes); repeatable')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'With -r: only files matching GLOB (ripgrep''s -g; !GLOB excludes); repeatable')
            [CompletionResult]::new('--backup', '--backup', [CompletionResultType]::ParameterName, 'With -i -r: keep each original as FILE + SUFFIX (as sed -i.bak)')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Convert each FILE in place')
            [CompletionResult]::new('--in-place', '--in-place', [CompletionResultType]::ParameterName, 'Convert each FILE in place')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace a file even if it looks converted already')
            [CompletionResult]::new('--ignore-bom', '--ignore-bom', [CompletionResultType]::ParameterName, 'No BOM sniffing: the -f encoding always wins, nothing removed')
            [CompletionResult]::new('--add-bom', '--add-bom', [CompletionResultType]::ParameterName, 'Start the output with a BOM (UTF-8, UTF-16LE, UTF-16BE only)')
            [CompletionResult]::new('--historical', '--historical', [CompletionResultType]::ParameterName, 'Read and write hz-gb-2312 and iso-2022-kr with the 2012 draft''s codecs')
            [CompletionResult]::new('--sniff', '--sniff', [CompletionResultType]::ParameterName, 'For each FILE, print its encoding and how it was found')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Print every encoding with all of its labels (-l as in iconv)')
            [CompletionResult]::new('--list-labels', '--list-labels', [CompletionResultType]::ParameterName, 'Print every encoding with all of its labels (-l as in iconv)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'With --list-labels, --sniff, or -r: print JSON')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Decode (and encode, with -t) without writing output')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No warnings (errors are still reported)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No warnings (errors are still reported)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show a progress bar on standard error, even when it is not a terminal')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'With -i, --sniff or --check: walk each FILE that is a directory')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'With -i, --sniff or --check: walk each FILE that is a directory')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'With -r: include hidden files and directories')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'With -r: do not respect .gitignore, .ignore and git''s excludes')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'With -r: follow symbolic links')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'With -r: follow symbolic links')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'With -i -r: report what would be done, write nothing')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'With -i -r: report what would be done, write nothing')
            [CompletionResult]::new('--keep-declaration', '--keep-declaration', [CompletionResultType]::ParameterName, 'Leave <meta charset>, XML and @charset declarations as they are')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
