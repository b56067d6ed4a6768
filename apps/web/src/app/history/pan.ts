import uPlot from 'uplot';

type Span = { from: number; to: number };

/**
 * Where a pan is: `picture` for the one drawing of the lines without the grid that the picture is
 * taken from, `moving` while the pointer moves the picture, `idle` otherwise.
 */
type Phase = 'idle' | 'picture' | 'moving';

/**
 * A uPlot plugin (as uPlot's `demos/zoom-wheel.html`): Shift + drag moves the shown span (as
 * `shownSpan` gives it) with the pointer (uPlot's own drag selects a span to zoom to), and nothing is loaded before the release,
 * when `onPanned` gets the new span. While it moves, the lines are a picture taken when the drag
 * began, moved with the pointer over the axes and grid redrawn for the moved span; the Y axes hold
 * still. Stroking every line again each frame cost more than the rest of the frame (docs/web.md,
 * Graph). At most one redraw per animation frame, however many pointer events arrive in it.
 *
 * Its options hook wraps the scales' ranges, the cursor and the grid, and its `init` hook the
 * series' paths and points (uPlot fills in their defaults after the options hook), each with a
 * function that asks the pan's phase first.
 */
export function panPlugin(onPanned: (from: number, to: number) => void, shownSpan: () => Span): uPlot.Plugin {
  let phase: Phase = 'idle';
  let moved: Span | undefined;
  let heldY: Record<string, [number, number]> = {};
  let offsetCssPx = 0;
  const picture = document.createElement('canvas');

  const onDown = (chart: uPlot) => (down: MouseEvent) => {
    if (!down.shiftKey || down.button !== 0) return;
    // Before uPlot's own listener on the same element, so no selection starts.
    down.stopImmediatePropagation();
    down.preventDefault();
    // The span the page shows (the range inputs read it too), not the chart's scale, which takes a new
    // span a moment later: a drag right after Apply range moves the span applied.
    const start = shownSpan();
    const msPerPixel = (start.to - start.from) / chart.over.clientWidth;
    heldY = Object.fromEntries(
      Object.entries(chart.scales)
        .filter(([key, { min, max }]) => key !== 'x' && min != null && max != null)
        .map(([key, { min, max }]) => [key, [min as number, max as number]]),
    );
    moved = start;
    offsetCssPx = 0;
    phase = 'picture';
    chart.redraw(false);
    let frame = 0;
    const spanAt = (event: MouseEvent) => {
      const shift = (down.clientX - event.clientX) * msPerPixel;
      return { from: Math.round(start.from + shift), to: Math.round(start.to + shift) };
    };
    const redraw = () => {
      frame = 0;
      if (moved) chart.setScale('x', { min: moved.from / 1000, max: moved.to / 1000 });
    };
    const onMove = (event: MouseEvent) => {
      // uPlot's own handler would move the cursor: it waits for the release.
      event.stopPropagation();
      moved = spanAt(event);
      offsetCssPx = (start.from - moved.from) / msPerPixel;
      if (frame === 0) frame = requestAnimationFrame(redraw);
    };
    const onUp = (event: MouseEvent) => {
      window.removeEventListener('mousemove', onMove, { capture: true });
      window.removeEventListener('mouseup', onUp);
      cancelAnimationFrame(frame);
      phase = 'idle';
      moved = undefined;
      heldY = {};
      const { from, to } = spanAt(event);
      // A moved span comes back as the chart's new span, which redraws it; else the lines come back now.
      if (from !== start.from) onPanned(from, to);
      else chart.redraw();
    };
    window.addEventListener('mousemove', onMove, { capture: true });
    window.addEventListener('mouseup', onUp);
  };

  const draw = (chart: uPlot) => {
    const { left, top, width, height } = chart.bbox;
    if (phase === 'picture') {
      picture.width = width;
      picture.height = height;
      picture.getContext('2d')?.drawImage(chart.ctx.canvas, left, top, width, height, 0, 0, width, height);
      phase = 'moving';
      // A redraw asked for while uPlot draws is dropped: this one comes right after it.
      queueMicrotask(() => chart.redraw(false));
    } else if (phase === 'moving') {
      const { ctx } = chart;
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, top, width, height);
      ctx.clip();
      ctx.drawImage(picture, left + Math.round(offsetCssPx * uPlot.pxRatio), top);
      ctx.restore();
    }
  };

  let removeListener: (() => void) | undefined;
  return {
    opts: (_chart, options) => ({
      ...options,
      scales: Object.fromEntries(
        Object.entries(options.scales ?? {}).map(([key, scale]) => [
          key,
          // Only a range given as a function is wrapped: the pan neither moves nor holds another scale.
          typeof scale.range === 'function'
            ? { ...scale, range: key === 'x' ? movedRange(scale.range) : heldRange(key, scale.range) }
            : scale,
        ]),
      ),
      // Off the plot until the release: uPlot would move its cursor points and rewrite the legend on
      // every redraw, and the page's layout and paint that follow cost more than the redraw.
      cursor: { ...options.cursor, move: cursorOff(options.cursor?.move) },
      axes: options.axes?.map((axis) => ({ ...axis, grid: { ...axis.grid, filter: gridOff(axis.grid?.filter) } })),
    }),
    hooks: {
      init: [
        (chart: uPlot) => {
          for (const series of chart.series.slice(1)) {
            const paths = series.paths;
            const showPoints = series.points?.show;
            if (paths) series.paths = (...args) => (phase === 'moving' ? null : paths(...args));
            if (series.points && typeof showPoints === 'function') {
              series.points.show = (...args) => phase !== 'moving' && showPoints(...args);
            }
          }
        },
      ],
      ready: [
        (chart: uPlot) => {
          const listener = onDown(chart);
          chart.over.addEventListener('mousedown', listener, { capture: true });
          removeListener = () => chart.over.removeEventListener('mousedown', listener, { capture: true });
        },
      ],
      draw: [draw],
      destroy: [() => removeListener?.()],
    },
  };

  function movedRange(own: uPlot.Range.Function): uPlot.Range.Function {
    return (chart, min, max, key) => (moved ? [moved.from / 1000, moved.to / 1000] : own(chart, min, max, key));
  }

  function heldRange(scale: string, own: uPlot.Range.Function): uPlot.Range.Function {
    return (chart, min, max, key) => (phase !== 'idle' && heldY[scale]) || own(chart, min, max, key);
  }

  function cursorOff(own: uPlot.Cursor.MousePosRefiner | undefined): uPlot.Cursor.MousePosRefiner {
    return (chart, left, top) => (phase !== 'idle' ? [-10, -10] : own ? own(chart, left, top) : [left, top]);
  }

  function gridOff(own: uPlot.Axis.Filter | undefined): uPlot.Axis.Filter {
    return (chart, splits, ...rest) =>
      phase === 'picture' ? splits.map(() => null) : own ? own(chart, splits, ...rest) : splits;
  }
}
