/**
 * A glob over document ids as a RegExp: `*` any run, `?` one character, `[abc]` / `[a-z]` a set,
 * `[!a]` or `[^a]` its complement, `\` takes the next character literally. An unclosed `[` is a
 * literal. Both stores match filters with this, so a filter means the same in each.
 */
export function idGlobToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '\\' && index + 1 < glob.length) source += escapeLiteral(glob[++index]);
    else if (char === '[') {
      const end = glob.indexOf(']', index + 2);
      if (end === -1) {
        source += escapeLiteral(char);
        continue;
      }
      let body = glob.slice(index + 1, end);
      const negated = body[0] === '!' || body[0] === '^';
      if (negated) body = body.slice(1);
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]^[]/g, '\\$&')}]`;
      index = end;
    } else source += escapeLiteral(char);
  }
  return new RegExp(`^${source}$`, 'su');
}

function escapeLiteral(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
