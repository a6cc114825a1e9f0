
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
            cand -o 'Write to FILE instead of standard output'
            cand --output 'Write to FILE instead of standard output'
            cand --hint 'The language or country the text comes from, for guessing (--sniff, -f auto)'
            cand -j 'Threads for converting a large file [default: the number of CPU cores]'
            cand --jobs 'Threads for converting a large file [default: the number of CPU cores]'
            cand --piece-size 'Bytes per piece for -j (for tests); inputs under four pieces are not split'
            cand -i 'Convert each FILE in place'
            cand --in-place 'Convert each FILE in place'
            cand --force 'Replace a file even if it looks converted already'
            cand --ignore-bom 'No BOM sniffing: the -f encoding always wins, nothing removed'
            cand --add-bom 'Start the output with a BOM (UTF-8, UTF-16LE, UTF-16BE only)'
            cand --historical 'Read and write hz-gb-2312 and iso-2022-kr with the 2012 draft''s codecs'
            cand --sniff 'For each FILE, print its encoding and how it was found'
            cand -l 'Print every encoding with all of its labels (-l as in iconv)'
            cand --list-labels 'Print every encoding with all of its labels (-l as in iconv)'
            cand --json 'With --list-labels or --sniff: print JSON'
            cand --check 'Decode (and encode, with -t) without writing output'
            cand -q 'No warnings (errors are still reported)'
            cand --quiet 'No warnings (errors are still reported)'
            cand --progress 'Show a progress bar on standard error, even when it is not a terminal'
            cand -c 'iconv''s -c has no equivalent; explained when used'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
    ]
    $completions[$command]
}
