#!/usr/bin/env python3
"""Prints the length in lines of every function body of the given C++ files
(signature to closing brace), one "LINES FILE:LINE" a line.

   scripts/function-lengths.py $(git ls-files "lib/*.cpp" "tools/*.cpp" "bench/*.cpp") | sort -rn | head
"""
import re
import sys


def strip(src):
    src=re.sub(r'//[^\n]*','',src)
    src=re.sub(r'/\*.*?\*/',lambda m:'\n'*m.group(0).count('\n'),src,flags=re.S)
    src=re.sub(r'R"\((.*?)\)"',lambda m:'""'+'\n'*m.group(0).count('\n'),src,flags=re.S)
    src=re.sub(r'"(\\.|[^"\\\n])*"','""',src)
    src=re.sub(r"'(\\.|[^'\\\n])'","''",src)
    return src
for path in sys.argv[1:]:
    src=strip(open(path).read())
    stack=[]; stmt=''; line=1; start=None
    for ch in src:
        if ch=='\n': line+=1
        if ch=='{':
            s=stmt.strip()
            infunc=any(k=='f' for k,_ in stack)
            isfunc=(not infunc and '(' in s and not re.match(r'^(if|for|while|switch|else|do)\b',s)
                    and not s.endswith('=') and 'namespace' not in s)
            if isfunc:
                # start at the line of the name
                stack.append(('f',sigline))
            else:
                stack.append(('o',line))
            stmt=''
        elif ch=='}':
            if stack:
                k,l=stack.pop()
                if k=='f':
                    print(f"{line-l+1} {path}:{l}")
            stmt=''
        elif ch==';':
            stmt=''
        else:
            if not stmt.strip() and not ch.isspace(): sigline=line
            stmt+=ch
