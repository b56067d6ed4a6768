/** One step of a glob: `*`, or a test of one character. */
type GlobToken = '*' | RegExp;

/**
 * A glob over document ids as a test of whole ids: `*` any run, `?` one character, `[abc]` or
 * `[a-z]` one character of a set, `[!a]` or `[^a]` one character outside it, `\` takes the next
 * character literally (inside a set too). A `]` first in a set is a member, a `-` first or last is
 * a member, a reversed range `[z-a]` means `[a-z]`, and an unclosed `[` is a literal. Every glob
 * gives a test. Both stores match filters with this, so a filter means the same in each.
 *
 * The test takes at most (glob length × id length) steps: a RegExp of the whole glob (`^.*a.*a.*b$`)
 * backtracks exponentially in the number of `*` (`*a*a*a*a*a*a*b` against an id of 60 `a` took
 * 20 s of the service's only thread), so only single characters are RegExps here, and the `*` are
 * matched by the usual greedy walk that goes back to the last `*` alone.
 */
export function idGlobMatcher(glob: string): (id: string) => boolean {
  const tokens = globTokens(glob);
  return (id) => matchesTokens(tokens, [...id]);
}

/**
 * The same glob as one RegExp of the whole id, the way the stores matched before `idGlobMatcher`:
 * the reference its property spec compares with on short ids. Never run it on stored ids: it
 * backtracks exponentially in the number of `*`.
 */
export function idGlobToRegExp(glob: string): RegExp {
  const source = globTokens(glob)
    .map((token) => (token === '*' ? '.*' : token.source.slice(1, -1)))
    .join('');
  return new RegExp(`^${source}$`, 'su');
}

function globTokens(glob: string): GlobToken[] {
  const chars = [...glob];
  const tokens: GlobToken[] = [];
  const one = (source: string) => tokens.push(new RegExp(`^${source}$`, 'su'));
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index];
    if (char === '*') {
      if (tokens[tokens.length - 1] !== '*') tokens.push('*');
    } else if (char === '?') one('.');
    else if (char === '[') {
      const set = characterSet(chars, index + 1);
      if (set) {
        one(set.source);
        index = set.end;
      } else one(literal(char));
    } else if (char === '\\' && index + 1 < chars.length) one(literal(chars[++index]));
    else one(literal(char));
  }
  return tokens;
}

/** Whether the characters match the tokens whole: each `*` takes as few as it can, and one more on a dead end. */
function matchesTokens(tokens: GlobToken[], chars: string[]): boolean {
  let token = 0;
  let char = 0;
  let lastStar = -1;
  let starChar = 0;
  while (char < chars.length) {
    const current = tokens[token];
    if (current === '*') {
      lastStar = token++;
      starChar = char;
    } else if (current !== undefined && current.test(chars[char])) {
      token++;
      char++;
    } else if (lastStar >= 0) {
      token = lastStar + 1;
      char = ++starChar;
    } else return false;
  }
  while (tokens[token] === '*') token++;
  return token === tokens.length;
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
