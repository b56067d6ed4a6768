/**
 * A glob over document ids as a RegExp that matches whole ids: `*` any run, `?` one character,
 * `[abc]` or `[a-z]` one character of a set, `[!a]` or `[^a]` one character outside it, `\` takes
 * the next character literally (inside a set too). A `]` first in a set is a member, a `-` first or
 * last is a member, a reversed range `[z-a]` means `[a-z]`, and an unclosed `[` is a literal.
 * Every glob gives a valid RegExp. Both stores match filters with this, so a filter means the same
 * in each.
 */
export function idGlobToRegExp(glob: string): RegExp {
  const chars = [...glob];
  let source = '';
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index];
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const set = characterSet(chars, index + 1);
      if (set) {
        source += set.source;
        index = set.end;
      } else source += literal(char);
    } else if (char === '\\' && index + 1 < chars.length) source += literal(chars[++index]);
    else source += literal(char);
  }
  return new RegExp(`^${source}$`, 'su');
}

/** The set whose body starts at `start` (after `[`), or undefined when no `]` closes it. */
function characterSet(chars: string[], start: number): { source: string; end: number } | undefined {
  let index = start;
  const negated = chars[index] === '!' || chars[index] === '^';
  if (negated) index++;
  const members: string[] = [];
  for (let first = true; index < chars.length; first = false) {
    if (chars[index] === ']' && !first) return { source: `[${negated ? '^' : ''}${members.join('')}]`, end: index };
    const low = memberAt(chars, index);
    index = low.next;
    if (chars[index] === '-' && index + 1 < chars.length && chars[index + 1] !== ']') {
      const high = memberAt(chars, index + 1);
      index = high.next;
      const [from, to] = codePoint(low.char) <= codePoint(high.char) ? [low.char, high.char] : [high.char, low.char];
      members.push(`${literal(from)}-${literal(to)}`);
    } else members.push(literal(low.char));
  }
  return undefined;
}

function memberAt(chars: string[], index: number): { char: string; next: number } {
  return chars[index] === '\\' && index + 1 < chars.length
    ? { char: chars[index + 1], next: index + 2 }
    : { char: chars[index], next: index + 1 };
}

function codePoint(char: string): number {
  return char.codePointAt(0) ?? 0;
}

/** One character as a RegExp escape, valid in and out of a set. */
function literal(char: string): string {
  return `\\u{${codePoint(char).toString(16)}}`;
}
