import L from 'leaflet';

/**
 * Wires a map for picking one point (docs/domain.md#the-map): a click, the marker dragged, or Enter with the
 * map focused (at its centre) each call `choose`. Returns the marker (added to the map by the caller once
 * there is a point) and what undoes the wiring.
 */
export function bindPicking(map: L.Map, choose: (at: L.LatLng) => void) {
  const marker = L.marker([0, 0], { draggable: true, alt: 'Chosen point', title: 'Chosen point', autoPan: true });
  marker.on('dragend', () => choose(marker.getLatLng()));
  map.on('click', (e: L.LeafletMouseEvent) => choose(e.latlng));
  const container = map.getContainer();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target === container) {
      e.preventDefault();
      choose(map.getCenter());
    }
  };
  // Tab arrives as a keyup on the map: the keyboard is in use there, so the centre's cross shows (CSS).
  const byKeyboard = (e: KeyboardEvent) => {
    if (e.target === container) container.dataset.keyboard = '';
  };
  const byPointer = () => {
    delete container.dataset.keyboard;
  };
  container.addEventListener('keydown', onKey);
  container.addEventListener('keyup', byKeyboard);
  container.addEventListener('pointerdown', byPointer);
  const release = () => {
    container.removeEventListener('keydown', onKey);
    container.removeEventListener('keyup', byKeyboard);
    container.removeEventListener('pointerdown', byPointer);
    marker.remove();
  };
  return { marker, release };
}
