import { useCallback, useEffect, useState } from 'preact/hooks';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';

/** What the last discovery said, for the page's status line. */
export type DiscoveryNews =
  { state: 'running' } | { state: 'done'; found: string[] } | { state: 'failed'; message: string };

/**
 * Asks the controller `serviceId` to create blocks for plugged-in hardware: once when the page
 * loads, as a user of the controller expects, and again with each `discover()`. The blocks
 * themselves show through the state events.
 */
export function useDiscovery(serviceId: string): { news?: DiscoveryNews; discover: () => void } {
  const { services } = useConnection();
  const [news, setNews] = useState<DiscoveryNews>();
  const discover = useCallback(() => {
    setNews({ state: 'running' });
    dataOf(services.controller(serviceId).POST('/blocks/discover')).then(
      (blocks) => setNews({ state: 'done', found: blocks.map(({ id }) => id) }),
      (error: unknown) => setNews({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [services, serviceId]);
  useEffect(discover, [discover]);
  return { news, discover };
}

/** The status line of a discovery. */
export function discoveryText(news: DiscoveryNews | undefined): string {
  if (!news) return '';
  if (news.state === 'running') return 'Discovering…';
  if (news.state === 'failed') return `Discovery failed: ${news.message}`;
  if (news.found.length === 0) return 'Discovery found no new hardware.';
  return `Discovery added ${news.found.length} block${news.found.length === 1 ? '' : 's'}: ${news.found.join(', ')}.`;
}
