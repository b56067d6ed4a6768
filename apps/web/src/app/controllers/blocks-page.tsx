import { useEffect, useRef, useState } from 'preact/hooks';
import { BackupPanel } from './backup-panel';
import { BlockCard } from './block-card';
import { formContext } from '../../common/block-form';
import { listedBlocks } from './block-list';
import { NewBlockPanel } from './new-block-panel';
import { RelationsGraph } from './relations-graph';
import { typeOptions } from './type-options';
import { discoveryText, useDiscovery } from './use-discovery';
import { useControllers } from '../../common/use-controllers';

/**
 * The blocks of one controller, live from its state and patch events: a search by name, a type
 * filter, a new block, the links between blocks as a graph, each block's data with its units and
 * links, its form and its deletion, discovery of plugged-in hardware, and backups saved and loaded.
 * Its first tab stop skips the tools to the list, which shows the user's blocks first.
 */
export function BlocksPage({ serviceId }: { serviceId: string }) {
  const { controllers, live } = useControllers(serviceId);
  const { news, discover } = useDiscovery(serviceId);
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const controller = controllers.get(serviceId);
  const blocks = controller?.blocks ?? [];
  const context = formContext(controller);
  const types = typeOptions([...new Set(blocks.map((block) => block.type))]);
  const shown = listedBlocks(blocks, { type, search });
  const list = useRef<HTMLUListElement>(null);
  useScrollToCard(blocks.length);
  const skipToBlocks = (event: MouseEvent) => {
    event.preventDefault();
    list.current?.focus();
  };

  return (
    <>
      <a class="skip-link" href="#blocks" onClick={skipToBlocks}>
        Skip to blocks
      </a>
      <h1>Blocks of {serviceId}</h1>
      <p class="hint" role="status">
        {!live
          ? 'Connecting to the controller stream…'
          : !controller
            ? 'Waiting for the state of this controller…'
            : controller.online
              ? `Online, temperatures in ${controller.status?.temperatureUnit ?? 'degC'}`
              : 'Offline: the controller is gone; its blocks as last seen'}
      </p>
      <div class="panel toolbar">
        <label>
          Search blocks <input type="search" value={search} onInput={(event) => setSearch(event.currentTarget.value)} />
        </label>
        <label>
          Type{' '}
          <select value={type} onChange={(event) => setType(event.currentTarget.value)}>
            <option value="">All types</option>
            {types.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {/* aria-disabled, not disabled: a disabled button loses the keyboard focus while discovery runs. */}
        <button
          type="button"
          onClick={() => news?.state !== 'running' && discover()}
          aria-disabled={news?.state === 'running'}
        >
          Discover
        </button>
        <p class={news?.state === 'failed' ? 'problem' : 'hint'} role="status">
          {discoveryText(news)}
        </p>
      </div>
      <NewBlockPanel serviceId={serviceId} />
      <BackupPanel serviceId={serviceId} />
      <details class="panel relations">
        <summary>Relations</summary>
        <RelationsGraph
          relations={controller?.relations ?? []}
          typeOf={(id) => blocks.find((block) => block.id === id)?.type}
        />
      </details>
      <p class="hint">
        {shown.length} of {blocks.length} blocks
      </p>
      <ul id="blocks" ref={list} tabIndex={-1} class="cards" aria-label="Blocks">
        {shown.map((block) => (
          <BlockCard key={block.id} block={block} context={context} />
        ))}
      </ul>
    </>
  );
}

/**
 * Scrolls once to the card the URL's fragment names (`#block-<id>`, a dashboard's "Open form"), when
 * it first shows: the cards come with the controller's state, after the browser looked for it.
 */
function useScrollToCard(blockCount: number): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || blockCount === 0 || !window.location.hash) return;
    done.current = true;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [blockCount]);
}
