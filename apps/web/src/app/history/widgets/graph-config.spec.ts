import { DEFAULT_VIEW } from '../view-state';
import { explorerHref, explorerQueryOf, graphTitle } from './graph-config';

describe(explorerQueryOf.name, () => {
  it('takes the view of a whole explorer link, a path or a bare query', () => {
    const query = 'f=ferm%2Fbeer%5BdegC%5D&label=Beer&range=1h';
    expect(explorerQueryOf(`http://brewery.local:4200/?${query}`)).toBe(query);
    expect(explorerQueryOf(`  /?${query}#graph `)).toBe(query);
    expect(explorerQueryOf(query)).toBe(query);
  });

  it('writes what it read as the explorer writes it, leaving out what does not parse', () => {
    expect(explorerQueryOf('/?range=7d&f=a&colour=red&stale=300')).toBe('f=a&range=7d');
  });

  it('refuses a link without a field', () => {
    expect(explorerQueryOf('http://brewery.local/?range=1h')).toBeUndefined();
    expect(explorerQueryOf('')).toBeUndefined();
  });
});

describe(explorerHref.name, () => {
  it('opens the explorer with the query, or bare without one', () => {
    expect(explorerHref('f=a&range=1h')).toBe('/?f=a&range=1h');
    expect(explorerHref('')).toBe('/');
  });
});

describe(graphTitle.name, () => {
  it('names the fields by their labels, else their names', () => {
    const view = { ...DEFAULT_VIEW, fields: [{ name: 'ferm/beer', label: 'Beer' }, { name: 'ferm/fridge' }] };
    expect(graphTitle(view)).toBe('Beer, ferm/fridge');
    expect(graphTitle(DEFAULT_VIEW)).toBe('Graph');
  });
});
