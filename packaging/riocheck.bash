# SPDX-License-Identifier: Apache-2.0
# bash completion for riocheck and riocheck-shim (make install puts it in
# share/bash-completion/completions/riocheck and .../riocheck-shim).
#
# The subcommands and each one's options come from the program's own help
# (`riocheck --help`, `riocheck COMMAND --help`), read once per shell and
# program, so that completion never lags behind the program it completes:
#   - subcommands: the words indented by two spaces under "Commands:";
#   - options: every --word of the command's help, except in example lines
#     (lines that start with "riocheck WORD" or "$ riocheck");
#   - an option is taken to need a value when its help shows one after it
#     (--suite NAME, --out DIR|-, --rev 2|3, --opt=VALUE): then file names,
#     or the values listed below for the options that take a fixed set.

# _riocheck_help PROG [COMMAND]: the help text, cached in _riocheck_cache_*.
_riocheck_help() {
    local key="_riocheck_cache_${2:-main}_$(printf '%s' "$1" | cksum | cut -d' ' -f1)"
    key=${key//[^A-Za-z0-9_]/_}
    if [[ -z ${!key+set} ]]; then
        local text
        if [[ -n $2 ]]; then
            text=$("$1" "$2" --help 2>/dev/null)
        else
            text=$("$1" --help 2>/dev/null)
        fi
        printf -v "$key" '%s' "$text"
    fi
    printf '%s\n' "${!key}"
}

# _riocheck_commands PROG: the subcommands riocheck --help lists.
_riocheck_commands() {
    _riocheck_help "$1" | awk '
        /^Commands:/ { on = 1; next }
        on && /^[^ ]/ { on = 0 }
        on && /^  [a-z]/ { print $1 }'
}

# _riocheck_options PROG [COMMAND]: every option of the command's help.
_riocheck_options() {
    _riocheck_help "$1" "$2" | grep -Ev '^[[:space:]]*(\$ )?riocheck(-shim)? [a-z]' |
        grep -oE -- '--[a-z][a-z0-9-]*' | grep -vx -- '--opt' | sort -u
}

# _riocheck_takes_value PROG COMMAND OPTION: 0 when the help shows a value
# after the option.
_riocheck_takes_value() {
    _riocheck_help "$1" "$2" | grep -Ev '^[[:space:]]*(\$ )?riocheck(-shim)? [a-z]' |
        grep -qE -- "(^|[^a-z0-9-])$3( [A-Z0-9]|=[A-Z])"
}

_riocheck() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    local prog=${COMP_WORDS[0]} cmd="" i
    # the program completed may be a path (./build/gcc/bin/riocheck)
    [[ $prog == "~/"* ]] && prog=$HOME/${prog#"~/"}
    for ((i = 1; i < COMP_CWORD; i++)); do
        if [[ ${COMP_WORDS[i]} != -* ]]; then
            cmd=${COMP_WORDS[i]}
            break
        fi
    done
    COMPREPLY=()

    if [[ -z $cmd ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "--help --version" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$(_riocheck_commands "$prog")" -- "$cur"))
        fi
        return 0
    fi

    # the value of the previous option
    if [[ $prev == --* ]] && _riocheck_takes_value "$prog" "$cmd" "$prev"; then
        case "$cmd:$prev" in
        *:--format) COMPREPLY=($(compgen -W "json csv readmemh" -- "$cur")) ;;
        decode:--rev | encode:--rev) COMPREPLY=($(compgen -W "2 3" -- "$cur")) ;;
        *:--rev) COMPREPLY=($(compgen -W "p12r2 p12r3 p9r2 p9r3" -- "$cur")) ;;
        *:--group-width) COMPREPLY=($(compgen -W "0 1 2 3 4 5 6" -- "$cur")) ;;
        *:--fail-on) COMPREPLY=($(compgen -W "regressions changes" -- "$cur")) ;;
        *:--out | *:--root | *:--data | *:--repro-dir) COMPREPLY=($(compgen -d -- "$cur")) ;;
        *:--dut-cmd) COMPREPLY=($(compgen -c -- "$cur")) ;;
        *) COMPREPLY=($(compgen -f -- "$cur")) ;;
        esac
        return 0
    fi

    case "$cmd" in
    decode | encode)
        # the FORMAT argument first
        local nargs=0
        for ((i = i + 1; i < COMP_CWORD; i++)); do
            [[ ${COMP_WORDS[i]} != -* ]] && nargs=$((nargs + 1))
        done
        if [[ $cur != -* && $nargs -eq 0 ]]; then
            COMPREPLY=($(compgen -W "cs48 stype2 cs64 ccp" -- "$cur"))
            return 0
        fi
        ;;
    help)
        COMPREPLY=($(compgen -W "$(_riocheck_commands "$prog")" -- "$cur"))
        return 0
        ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_riocheck_options "$prog" "$cmd")" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
    return 0
}

_riocheck_shim() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()
    if [[ $prev == --dut ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
    elif [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_riocheck_options "${COMP_WORDS[0]}") --help" -- "$cur"))
    fi
    return 0
}

complete -F _riocheck riocheck
complete -F _riocheck_shim riocheck-shim
