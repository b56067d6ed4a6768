import uPlot from 'uplot';

type Span = { from: number; to: number };

/** The Y ranges a pan holds still, by scale key; none when no pan is on. */
export type HeldYRanges = { current?: Record<string, [number, number]> };

/**
 * Shift + drag moves the shown span with the pointer (uPlot's own drag selects a span to zoom to),
 * and nothing is loaded before the release, when `onPanned` gets the new span. While it moves,
 * the lines are a picture taken when the drag began, moved with the pointer over the axes and grid
 * redrawn for the moved span; the Y axes hold still (`heldY`). Stroking every line again each
 * frame cost more than the rest of the frame (docs/web.md, Graph). At most one redraw per
 * animation frame, however many pointer events arrive in it. Returns the function that removes the
 * listener.
 */
export function panOnShiftDrag(
  chart: uPlot,
  spanRef: { current: Span },
  heldY: HeldYRanges,
  onPanned: (from: number, to: number) => void,
): () => void {
  const onDown = (down: MouseEvent) => {
    if (!down.shiftKey || down.button !== 0) return;
    // Before uPlot's own listener on the same element, so no selection starts.
    down.stopImmediatePropagation();
    down.preventDefault();
    const start = spanRef.current;
    const msPerPixel = (start.to - start.from) / chart.over.clientWidth;
    // Off the plot until the release: uPlot would move its cursor points and rewrite the legend on
    // every redraw, and the page's layout and paint that follow cost more than the redraw.
    const cursorAt = chart.cursor.move;
    chart.cursor.move = () => [-10, -10];
    const stopPicture = drawPictureWhilePanning(chart, heldY, () => (start.from - spanRef.current.from) / msPerPixel);
    let frame = 0;
    const moved = (event: MouseEvent) => {
      const shift = (down.clientX - event.clientX) * msPerPixel;
      return { from: Math.round(start.from + shift), to: Math.round(start.to + shift) };
    };
    const redraw = () => {
      frame = 0;
      chart.setScale('x', { min: spanRef.current.from / 1000, max: spanRef.current.to / 1000 });
    };
    const onMove = (event: MouseEvent) => {
      // uPlot's own handler would move the cursor: it waits for the release.
      event.stopPropagation();
      spanRef.current = moved(event);
      if (frame === 0) frame = requestAnimationFrame(redraw);
    };
    const onUp = (event: MouseEvent) => {
      window.removeEventListener('mousemove', onMove, { capture: true });
      window.removeEventListener('mouseup', onUp);
      cancelAnimationFrame(frame);
      chart.cursor.move = cursorAt;
      stopPicture();
      const { from, to } = moved(event);
      if (from !== start.from) onPanned(from, to);
      else spanRef.current = start;
      chart.redraw();
    };
    window.addEventListener('mousemove', onMove, { capture: true });
    window.addEventListener('mouseup', onUp);
  };
  chart.over.addEventListener('mousedown', onDown, { capture: true });
  return () => chart.over.removeEventListener('mousedown', onDown, { capture: true });
}

/**
 * Draws the chart once more without its grid and takes a picture of its lines from that drawing;
 * from then on, each redraw draws the axes and the grid for the moved span and the picture moved
 * right by `offsetCssPx()` CSS pixels, the Y ranges held as they are. Returns the function that
 * draws the lines themselves again.
 */
function drawPictureWhilePanning(chart: uPlot, heldY: HeldYRanges, offsetCssPx: () => number): () => void {
  const { left, top, width, height } = chart.bbox;
  const grids = chart.axes.map((axis) => axis.grid?.show);
  const shown = chart.series.map((series) => series.show);
  const showGrids = (on: boolean) => chart.axes.forEach((axis, i) => axis.grid && (axis.grid.show = on && grids[i]));
  const showLines = (on: boolean) => chart.series.forEach((series, i) => i > 0 && (series.show = on && shown[i]));
  const picture = document.createElement('canvas');
  picture.width = width;
  picture.height = height;
  let taken = false;
  const draw = ({ ctx }: uPlot) => {
    if (!taken) {
      taken = true;
      picture.getContext('2d')?.drawImage(ctx.canvas, left, top, width, height, 0, 0, width, height);
      showGrids(true);
      showLines(false);
      // A redraw asked for while uPlot draws is dropped: this one comes right after it.
      queueMicrotask(() => chart.redraw(false));
      return;
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();
    ctx.drawImage(picture, left + Math.round(offsetCssPx() * uPlot.pxRatio), top);
    ctx.restore();
  };
  heldY.current = Object.fromEntries(
    Object.entries(chart.scales)
      .filter(([key, { min, max }]) => key !== 'x' && min != null && max != null)
      .map(([key, { min, max }]) => [key, [min as number, max as number]]),
  );
  showGrids(false);
  chart.hooks.draw = [...(chart.hooks.draw ?? []), draw];
  chart.redraw(false);
  return () => {
    chart.hooks.draw = chart.hooks.draw?.filter((hook) => hook !== draw);
    showGrids(true);
    showLines(true);
    heldY.current = undefined;
  };
}
