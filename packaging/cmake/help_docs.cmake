# Writes a man page and a bash completion for one program from its own --help text, so neither
# can drift from what the program accepts. Run at build time (packaging/CMakeLists.txt):
#   cmake -DPROGRAM=<exe> -DNAME=<name> -DSUMMARY=<one line> -DVERSION=<x.y.z>
#         -DMAN_OUT=<file.1> -DCOMPLETION_OUT=<file> [-DCOMMANDS=ON] -P help_docs.cmake
# With COMMANDS=ON the program is a command tool (`portalkit`): its --help lists the commands and
# each `NAME <command> --help` is one QCommandLineParser help; otherwise the program's --help is.
cmake_minimum_required(VERSION 3.25)

foreach(required PROGRAM NAME SUMMARY VERSION MAN_OUT COMPLETION_OUT)
    if(NOT DEFINED ${required})
        message(FATAL_ERROR "help_docs.cmake: ${required} is not set")
    endif()
endforeach()
# The studio's --help builds a QApplication first; no display is needed for that.
set(ENV{QT_QPA_PLATFORM} offscreen)

# CMake lists split on ';' and treat '[' ']' specially: keep them out of the way while lines are
# handled as list items.
function(protect text out)
    string(REPLACE ";" "@PK_SEMI@" text "${text}")
    string(REPLACE "[" "@PK_LB@" text "${text}")
    string(REPLACE "]" "@PK_RB@" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()
function(unprotect text out)
    string(REPLACE "@PK_SEMI@" ";" text "${text}")
    string(REPLACE "@PK_LB@" "[" text "${text}")
    string(REPLACE "@PK_RB@" "]" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Text as roff: backslashes and hyphens escaped, no line taken for a request.
function(roff text out)
    unprotect("${text}" text)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REPLACE "-" "\\-" text "${text}")
    string(REGEX REPLACE "^([.'])" "\\\\&\\1" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The help text of `PROGRAM args... --help`, protected, as a list of lines.
function(help_lines out)
    execute_process(COMMAND ${PROGRAM} ${ARGN} --help OUTPUT_VARIABLE text ERROR_VARIABLE ignored
                    RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "${PROGRAM} ${ARGN} --help failed (${result})")
    endif()
    protect("${text}" text)
    string(REGEX REPLACE "\n$" "" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(${out} "${lines}" PARENT_SCOPE)
endfunction()

# One option or argument entry: a .TP paragraph; option names bold, <VALUE>s italic.
function(man_entry spec text out)
    roff("${spec}" spec)
    roff("${text}" text)
    string(REGEX REPLACE "(\\\\-[^ ,<]*)" "\\\\fB\\1\\\\fR" spec "${spec}")
    string(REGEX REPLACE "(<[^>]*>)" "\\\\fI\\1\\\\fR" spec "${spec}")
    set(${out} ".TP\n${spec}\n${text}\n" PARENT_SCOPE)
endfunction()

# Completion facts for one option spec ("-o, --output <FILE>"): its names, and whether it takes
# a file, a folder or another value.
function(complete_option spec)
    unprotect("${spec}" spec)
    set(value "")
    if(spec MATCHES " <([^>]*)>$")
        set(value "${CMAKE_MATCH_1}")
        string(REGEX REPLACE " <[^>]*>$" "" spec "${spec}")
    endif()
    string(REPLACE ", " " " names "${spec}")
    set(options "${options} ${names}" PARENT_SCOPE)
    if(value MATCHES "DIR|FOLDER")
        set(dir_options "${dir_options} ${names}" PARENT_SCOPE)
    elseif(value MATCHES "FILE|DAT|MANIFEST|\\.json|\\.dat")
        set(file_options "${file_options} ${names}" PARENT_SCOPE)
    elseif(NOT value STREQUAL "")
        set(value_options "${value_options} ${names}" PARENT_SCOPE)
    endif()
endfunction()

# Completion words for a positional argument: a lower-case action name ("decode") is itself a
# word; "...: a, b, c or d." at the end of its description lists the words.
function(complete_argument name text)
    unprotect("${text}" text)
    if(name MATCHES "^[a-z][a-z-]*$")
        set(words "${words} ${name}" PARENT_SCOPE)
    elseif(text MATCHES ": ([a-z-]+(, [a-z-]+)*( or [a-z-]+)?)\\.?$")
        string(REGEX REPLACE "(,| or) *" " " listed "${CMAKE_MATCH_1}")
        set(words "${words} ${listed}" PARENT_SCOPE)
    endif()
endfunction()

# Turns one QCommandLineParser help (a list of protected lines) into man text (`man`) and the
# completion facts (options, file_options, dir_options, value_options, words), all set in the
# caller. With `heading` ON it is one command's help, under a .SS heading of its usage; OFF, it
# is the program's own and fills the SYNOPSIS, DESCRIPTION, OPTIONS and ARGUMENTS sections.
function(parse_help lines heading)
    set(man "")
    set(state "usage")
    set(spec "")
    set(text "")
    set(paragraph OFF)
    foreach(name IN ITEMS options file_options dir_options value_options words)
        set(${name} "")
    endforeach()
    foreach(line IN LISTS lines ITEMS "@PK_END@")
        # A finished entry: flushed when the next one, a new block or the end begins.
        if(NOT spec STREQUAL "" AND NOT line MATCHES "^   +[^ ]")
            man_entry("${spec}" "${text}" entry)
            string(APPEND man "${entry}")
            if(state STREQUAL "options")
                complete_option("${spec}")
            else()
                complete_argument("${spec}" "${text}")
            endif()
            set(spec "")
        endif()
        if(state STREQUAL "usage")
            string(REGEX REPLACE "^Usage: [^ ]*${NAME}" "${NAME}" usage "${line}")
            roff("${usage}" usage)
            if(heading)
                string(APPEND man ".SS \"${usage}\"\n")
            else()
                string(APPEND man ".SH SYNOPSIS\n${usage}\n.SH DESCRIPTION\n")
            endif()
            set(state "description")
        elseif(line STREQUAL "Options:" OR line STREQUAL "Arguments:")
            if(line STREQUAL "Options:")
                set(state "options")
                set(title OPTIONS)
            else()
                set(state "arguments")
                set(title ARGUMENTS)
            endif()
            if(heading)
                string(APPEND man ".PP\n${line}\n")
            else()
                string(APPEND man ".SH ${title}\n")
            endif()
        elseif(line STREQUAL "@PK_END@")
        elseif(state STREQUAL "description")
            if(line STREQUAL "")
                set(paragraph ON)
            else()
                if(paragraph)
                    string(APPEND man ".PP\n")
                    set(paragraph OFF)
                endif()
                roff("${line}" line)
                string(APPEND man "${line}\n")
            endif()
        elseif(line MATCHES "^  ([^ ]+( [^ ]+)*)  +([^ ].*)$")
            set(spec "${CMAKE_MATCH_1}")
            set(text "${CMAKE_MATCH_3}")
        elseif(line MATCHES "^  ([^ ]+( [^ ]+)*)$")
            set(spec "${CMAKE_MATCH_1}")
            set(text "")
        elseif(line MATCHES "^   +([^ ].*)$")
            string(APPEND text " ${CMAKE_MATCH_1}")
        endif()
    endforeach()
    foreach(name IN ITEMS options file_options dir_options value_options words)
        string(STRIP "${${name}}" value)
        set(${name} "${value}" PARENT_SCOPE)
    endforeach()
    set(man "${man}" PARENT_SCOPE)
endfunction()

# The bash `case` arm of one command (or, for a plain program, the whole body).
function(completion_arm out)
    set(${out}
        "options='${options}' file_options='${file_options}' dir_options='${dir_options}' value_options='${value_options}' words='${words}'"
        PARENT_SCOPE)
endfunction()

string(TOUPPER "${NAME}" upper)
roff("${SUMMARY}" summary)
set(page ".\\\" Generated from `${NAME} --help` by packaging/cmake/help_docs.cmake.\n")
string(APPEND page ".TH ${upper} 1 \"\" \"PortalKit ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\n${NAME} \\- ${summary}\n")
string(REPLACE "-" "_" function "_${NAME}")

if(COMMANDS)
    # The command list and the closing notes of the top-level help.
    help_lines(top)
    set(commands "")
    set(command_man "")
    set(notes "")
    set(arms "")
    set(in_commands OFF)
    foreach(line IN LISTS top)
        if(line STREQUAL "commands:")
            set(in_commands ON)
        elseif(in_commands AND line MATCHES "^  ([a-z-]+)  +(.*)$")
            set(command "${CMAKE_MATCH_1}")
            roff("${CMAKE_MATCH_2}" what)
            list(APPEND commands "${command}")
            string(APPEND command_man ".TP\n.B ${command}\n${what}\n")
        elseif(in_commands AND NOT line STREQUAL "")
            roff("${line}" line)
            string(APPEND notes "${line}\n")
        endif()
    endforeach()
    string(APPEND page ".SH SYNOPSIS\n.B ${NAME}\n.I command\n[options]\n")
    string(APPEND page ".br\n.B ${NAME}\n\\-\\-help | \\-\\-version\n")
    string(APPEND page ".SH DESCRIPTION\nPortalKit's command-line tool: ${summary}.\n.PP\n${notes}.SH COMMANDS\n${command_man}")
    string(APPEND page ".SH \"COMMAND OPTIONS\"\n")
    foreach(command IN LISTS commands)
        help_lines(lines ${command})
        parse_help("${lines}" ON)
        string(APPEND page "${man}")
        completion_arm(arm)
        string(APPEND arms "        ${command}) ${arm} ;;\n")
    endforeach()
    string(APPEND page ".SH \"EXIT STATUS\"\n0 success, 1 a check failed, 2 a usage or I/O error.\n")
    string(APPEND page ".SH \"SEE ALSO\"\n.BR portalkit\\-studio (1)\n")
    list(JOIN commands " " command_words)
    set(select "    if ((cword == 1)); then
        words='${command_words}'
        options='--help --version'
    else
        case \${COMP_WORDS[1]} in
${arms}        *) return ;;
        esac
    fi")
else()
    help_lines(lines)
    parse_help("${lines}" OFF)
    string(APPEND page "${man}")
    string(APPEND page ".SH \"SEE ALSO\"\n.BR portalkit (1)\n")
    completion_arm(arm)
    set(select "    ${arm}")
endif()
file(WRITE "${MAN_OUT}" "${page}")

# The completion needs nothing from bash-completion but uses its _filedir when it is loaded.
unprotect("${select}" select)
file(WRITE "${COMPLETION_OUT}" "# bash completion for ${NAME}
# Generated from `${NAME} --help` by packaging/cmake/help_docs.cmake.
${function}() {
    local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} cword=\$COMP_CWORD
    local options file_options dir_options value_options words
${select}
    COMPREPLY=()
    if [[ \" \$file_options \" == *\" \$prev \"* ]]; then
        ${function}_files
        return
    fi
    if [[ \" \$dir_options \" == *\" \$prev \"* ]]; then
        ${function}_files -d
        return
    fi
    [[ \" \$value_options \" == *\" \$prev \"* ]] && return
    if [[ \$cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W \"\$options\" -- \"\$cur\")
    elif [[ -n \$words ]]; then
        mapfile -t COMPREPLY < <(compgen -W \"\$words\" -- \"\$cur\")
    else
        ${function}_files
    fi
}
${function}_files() {
    if declare -F _filedir >/dev/null; then
        _filedir \"\$@\"
    elif [[ \$1 == -d ]]; then
        mapfile -t COMPREPLY < <(compgen -d -- \"\$cur\")
    else
        mapfile -t COMPREPLY < <(compgen -f -- \"\$cur\")
    fi
}
complete -F ${function} ${NAME}
")
