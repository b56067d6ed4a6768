import type { WidgetProps } from '../../../common/dashboards';
import { unitLabel } from '../../../ui/unit-label';
import { controllerPath } from '../controller-routes';
import type { ControllerStatusConfig } from './block-config';
import { useController } from './use-controller';
import { controllerNotice } from './widget-status';
import './block-widgets.css';

/** A controller at a glance, live: online or offline, its device, how many blocks it has, the unit of its temperatures. */
export function ControllerStatusWidget({ widget, kiosk }: WidgetProps<ControllerStatusConfig>) {
  const { serviceId } = widget.config;
  const seen = useController(serviceId);
  const { controller } = seen;
  const notice = controllerNotice(seen);
  const unit = controller?.status?.temperatureUnit;
  return (
    <div class={notice ? 'block-widget stale' : 'block-widget'}>
      {widget.title !== serviceId && <p class="widget-kind">{serviceId}</p>}
      {notice && <p class="widget-notice">{notice}</p>}
      {controller && (
        <dl class="facts glance-facts">
          <div class="fact">
            <dt>Status</dt>
            <dd class={controller.online ? 'mark state-on' : 'mark state-offline'}>
              {controller.online ? 'Online' : 'Offline'}
            </dd>
          </div>
          <div class="fact">
            <dt>Device</dt>
            <dd>{controller.status?.deviceId ?? '—'}</dd>
          </div>
          <div class="fact">
            <dt>Blocks</dt>
            <dd>{controller.blocks.length}</dd>
          </div>
          <div class="fact">
            <dt>Temperatures in</dt>
            <dd>{unit ? unitLabel(unit) : '—'}</dd>
          </div>
        </dl>
      )}
      {!kiosk && (
        <a class="widget-link" href={controllerPath(serviceId)}>
          Open blocks
        </a>
      )}
    </div>
  );
}
