import { findBlockType, typeText } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import type { WidgetProps } from '../../../common/dashboards';
import { formContext, formFields, isInputField, type InputField } from '../../../common/block-form';
import type { ControllerView } from '../../../common/controller-list';
import { ActuatorSwitch } from './actuator-switch';
import { blockGlance, type Glance } from './block-glance';
import { blockFormPath, type BlockConfig } from './block-config';
import { DutyBar } from './duty-bar';
import { InlineSetting } from './inline-setting';
import { useController } from './use-controller';
import { controllerNotice } from './widget-status';
import './block-widgets.css';

/**
 * One block of one controller, live from the controller stream: what a brewer reads of its type at
 * a glance, the setting they change often (Enter saves) or its switch, and a link to its full form.
 * A controller offline or out of reach greys the widget and says so; its controls wait for it.
 */
export function BlockWidget({ widget, kiosk }: WidgetProps<BlockConfig>) {
  const { serviceId, blockId } = widget.config;
  if (!serviceId || !blockId) return <p class="hint">No block chosen yet: edit the widget to choose one.</p>;
  return <ChosenBlock serviceId={serviceId} blockId={blockId} titled={widget.title === blockId} kiosk={kiosk} />;
}

interface ChosenBlockProps {
  serviceId: string;
  blockId: string;
  /** Whether the widget's title is the block's name, which the widget then does not repeat. */
  titled: boolean;
  kiosk: boolean;
}

function ChosenBlock({ serviceId, blockId, titled, kiosk }: ChosenBlockProps) {
  const seen = useController(serviceId);
  const notice = controllerNotice(seen);
  const block = seen.controller?.blocks.find(({ id }) => id === blockId);
  return (
    <div class={notice ? 'block-widget stale' : 'block-widget'}>
      <p class="widget-kind">
        {[block && typeText(block.type).label, !titled && blockId].filter(Boolean).join(' · ') || serviceId}
      </p>
      {notice && <p class="widget-notice">{notice}</p>}
      {block && seen.controller ? (
        <BlockGlance block={block} controller={seen.controller} waiting={notice !== undefined} />
      ) : (
        seen.controller?.online && (
          <p class="problem">
            {serviceId} has no block named {blockId}.
          </p>
        )
      )}
      {!kiosk && (
        <a class="widget-link" href={blockFormPath({ serviceId, blockId })}>
          Open form
        </a>
      )}
    </div>
  );
}

function BlockGlance({ block, controller, waiting }: { block: Block; controller: ControllerView; waiting: boolean }) {
  const glance = blockGlance(block, controller.blocks);
  const setting = glance.setting && settingField(block, controller, glance.setting);
  return (
    <>
      <Marks glance={glance} />
      {glance.facts.length > 0 && (
        <dl class="facts glance-facts">
          {glance.facts.map(({ label, text, tone }) => (
            <div key={label} class="fact">
              <dt>{label}</dt>
              <dd class={tone && `state-${tone}`}>{text}</dd>
            </div>
          ))}
        </dl>
      )}
      {glance.bar && <DutyBar bar={glance.bar} />}
      {setting && (
        <fieldset class="widget-controls" disabled={waiting}>
          <InlineSetting block={block} field={setting} />
        </fieldset>
      )}
      {glance.toggle && <ActuatorSwitch block={block} disabled={waiting} />}
    </>
  );
}

/** The marks of a block's state: enabled, connected, the block that drives it. */
function Marks({ glance }: { glance: Glance }) {
  const { enabled, connected, drivenBy } = glance;
  return (
    <p class="marks">
      {enabled !== undefined && (
        <span class={enabled ? 'mark state-on' : 'mark state-off'}>{enabled ? 'Enabled' : 'Disabled'}</span>
      )}
      {connected !== undefined && (
        <span class={connected ? 'mark state-on' : 'mark state-error'}>
          {connected ? 'Connected' : 'Not connected'}
        </span>
      )}
      {drivenBy && <span class="mark state-claimed">Driven by {drivenBy}</span>}
    </p>
  );
}

/** The input of the block's form for `name`, in the unit the controller sends it in. */
function settingField(block: Block, controller: ControllerView, name: string): InputField | undefined {
  const type = findBlockType(block.type);
  const field = type && formFields(type, block, formContext(controller)).find((each) => each.name === name);
  return field && isInputField(field) ? field : undefined;
}
