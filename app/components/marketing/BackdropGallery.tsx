import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from "react";
import type { Backdrop } from "~/content/backdrops";
import { media } from "~/media";
import { MediaImg } from "./MediaImg";

/** The registry image of a backdrop, or the placeholder once it failed to load. */
function imageOf(backdrop: Backdrop, broken: ReadonlySet<string>) {
  return broken.has(backdrop.id) ? media.imageNotFound : media[backdrop.image];
}

/**
 * Without JavaScript each backdrop links to its full-size image. After hydration the links
 * become buttons that open a native modal dialog (Escape, the close button and a click on the
 * dimmed page close it; focus goes back to the button that opened it).
 */
export function BackdropGallery({ items }: { items: readonly Backdrop[] }) {
  const [enhanced, setEnhanced] = useState(false);
  const [selected, setSelected] = useState<Backdrop | null>(null);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const thumbs = useRef(new Map<string, HTMLImageElement>());

  const markBroken = useCallback((id: string) => {
    setBroken((current) => (current.has(id) ? current : new Set(current).add(id)));
  }, []);

  useEffect(() => {
    setEnhanced(true);
    // An image that failed before hydration fired its error event before React listened.
    for (const [id, img] of thumbs.current) if (img.complete && img.naturalWidth === 0) markBroken(id);
  }, [markBroken]);

  useEffect(() => {
    const element = dialog.current;
    if (selected && element && !element.open) element.showModal();
  }, [selected]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // A click on the dialog element itself (not its panel) landed on the dimmed area outside.
    const onClick = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    const onClose = () => {
      setSelected(null);
      opener.current?.focus();
    };
    element.addEventListener("click", onClick);
    element.addEventListener("close", onClose);
    return () => {
      element.removeEventListener("click", onClick);
      element.removeEventListener("close", onClose);
    };
  }, [enhanced]);

  const onThumbError = (id: string) => (event: SyntheticEvent<HTMLImageElement>) => {
    if (!event.currentTarget.src.endsWith(media.imageNotFound.src)) markBroken(id);
  };

  return (
    <>
      <ul className="card-grid backdrop-grid">
        {items.map((item) => {
          const image = imageOf(item, broken);
          const label = (
            <>
              View larger<span className="visually-hidden"> image of the {item.title} backdrop</span>
            </>
          );
          return (
            <li key={item.id} className="card card-link backdrop-card">
              <div className="backdrop-thumb">
                <MediaImg
                  image={image}
                  className="card-image"
                  ref={(element: HTMLImageElement | null) => {
                    if (element) thumbs.current.set(item.id, element);
                    else thumbs.current.delete(item.id);
                  }}
                  onError={onThumbError(item.id)}
                />
                {broken.has(item.id) ? (
                  <span className="image-missing-label" aria-hidden="true">
                    {media.imageNotFound.alt}
                  </span>
                ) : null}
              </div>
              <div className="card-body">
                <h2 className="card-title">{item.title}</h2>
                <p>{item.description}</p>
                {enhanced ? (
                  <button
                    type="button"
                    className="text-button"
                    aria-haspopup="dialog"
                    onClick={(event) => {
                      opener.current = event.currentTarget;
                      setSelected(item);
                    }}
                  >
                    {label}
                  </button>
                ) : (
                  <a href={media[item.image].src} className="text-button">
                    {label}
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {enhanced ? (
        <dialog ref={dialog} className="modal" aria-labelledby="backdrop-dialog-title">
          {selected ? (
            <div className="modal-panel">
              <button type="button" className="modal-close" onClick={() => dialog.current?.close()}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">Close</span>
              </button>
              <MediaImg
                image={imageOf(selected, broken)}
                className="modal-image"
                onError={onThumbError(selected.id)}
              />
              <h2 id="backdrop-dialog-title">{selected.title} backdrop</h2>
              <p>{selected.description}</p>
            </div>
          ) : null}
        </dialog>
      ) : null}
    </>
  );
}
