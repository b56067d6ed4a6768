import { useState } from 'preact/hooks';
import { typeText } from '@eventcast/block-model';
import type { WidgetEditorProps } from '../../../common/dashboards';
import type { Controllers } from '../../../common/controller-list';
import { useControllers } from '../../../common/use-controllers';
import { editorChoices } from './editor-choices';
import type { BlockConfig, ControllerStatusConfig } from './block-config';

/** Picks the block of a block widget: an online controller, then one of its blocks by name, with its type's title. */
export function BlockWidgetEditor({ config, onChange }: WidgetEditorProps<BlockConfig>) {
  const { controllers } = useControllers();
  const [serviceId, setServiceId] = useState(config.serviceId);
  const [blockId, setBlockId] = useState(config.blockId);
  const { blocks } = editorChoices(controllers, serviceId);
  const pickController = (id: string) => {
    setServiceId(id);
    setBlockId('');
  };
  const pickBlock = (id: string) => {
    setBlockId(id);
    if (id !== '') onChange({ kind: 'block', serviceId, blockId: id }, id);
  };
  return (
    <>
      <ControllerPicker controllers={controllers} value={serviceId} onPick={pickController} id="widget-controller" />
      <div class="form-field">
        <label for="widget-block">Block</label>
        <select
          id="widget-block"
          value={blockId}
          disabled={blocks.length === 0}
          onChange={(event) => pickBlock(event.currentTarget.value)}
        >
          <option value="">Choose a block</option>
          {blocks.map(({ id, type }) => (
            <option key={id} value={id}>
              {id} ({typeText(type).label})
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** Picks the controller of a controller status widget, among the online ones. */
export function ControllerStatusEditor({ config, onChange }: WidgetEditorProps<ControllerStatusConfig>) {
  const { controllers } = useControllers();
  const pick = (serviceId: string) => {
    if (serviceId !== '') onChange({ kind: 'controller-status', serviceId }, serviceId);
  };
  return (
    <ControllerPicker controllers={controllers} value={config.serviceId} onPick={pick} id="widget-status-controller" />
  );
}

function ControllerPicker({
  controllers,
  value,
  onPick,
  id,
}: {
  controllers: Controllers;
  value: string;
  onPick: (serviceId: string) => void;
  id: string;
}) {
  const { offered } = editorChoices(controllers, value);
  return (
    <div class="form-field">
      <label for={id}>Controller</label>
      <select id={id} value={value} onChange={(event) => onPick(event.currentTarget.value)}>
        <option value="">{offered.length === 0 ? 'No controller online' : 'Choose a controller'}</option>
        {offered.map((serviceId) => (
          <option key={serviceId} value={serviceId}>
            {serviceId}
          </option>
        ))}
      </select>
    </div>
  );
}
