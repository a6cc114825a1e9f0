
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

    $completions = @(switch ($command) {
        'wenc' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input encoding, any label of the Encoding Standard, or auto')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input encoding, any label of the Encoding Standard, or auto')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Output encoding')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Output encoding')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'What to do with malformed input and unrepresentable characters')
            [CompletionResult]::new('--errors', '--errors', [CompletionResultType]::ParameterName, 'What to do with malformed input and unrepresentable characters')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output')
            [CompletionResult]::new('--hint', '--hint', [CompletionResultType]::ParameterName, 'The language or country the text comes from, for guessing (--sniff, -f auto)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Threads for converting a large file [default: the number of CPU cores]')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Threads for converting a large file [default: the number of CPU cores]')
            [CompletionResult]::new('--piece-size', '--piece-size', [CompletionResultType]::ParameterName, 'Bytes per piece for -j (for tests); inputs under four pieces are not split')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Convert each FILE in place')
            [CompletionResult]::new('--in-place', '--in-place', [CompletionResultType]::ParameterName, 'Convert each FILE in place')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace a file even if it looks converted already')
            [CompletionResult]::new('--ignore-bom', '--ignore-bom', [CompletionResultType]::ParameterName, 'No BOM sniffing: the -f encoding always wins, nothing removed')
            [CompletionResult]::new('--add-bom', '--add-bom', [CompletionResultType]::ParameterName, 'Start the output with a BOM (UTF-8, UTF-16LE, UTF-16BE only)')
            [CompletionResult]::new('--historical', '--historical', [CompletionResultType]::ParameterName, 'Read and write hz-gb-2312 and iso-2022-kr with the 2012 draft''s codecs')
            [CompletionResult]::new('--sniff', '--sniff', [CompletionResultType]::ParameterName, 'For each FILE, print its encoding and how it was found')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Print every encoding with all of its labels (-l as in iconv)')
            [CompletionResult]::new('--list-labels', '--list-labels', [CompletionResultType]::ParameterName, 'Print every encoding with all of its labels (-l as in iconv)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'With --list-labels or --sniff: print JSON')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Decode (and encode, with -t) without writing output')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No warnings (errors are still reported)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No warnings (errors are still reported)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show a progress bar on standard error, even when it is not a terminal')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'iconv''s -c has no equivalent; explained when used')
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
