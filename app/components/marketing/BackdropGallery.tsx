import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Backdrop } from "~/content/backdrops";
import { holdClickAttribute, imageFrameAttribute } from "~/hydration";
import { media } from "~/media";
import { MediaImg } from "./MediaImg";

/**
 * An image in a box that shows the 'Image Not Found' placeholder if the image fails: marked by the
 * page's boot script from the first byte (workers/deferred-hydration.ts), drawn by the stylesheet,
 * and without JavaScript drawn over the broken image (marketing.css, "Image frames").
 */
function ImageFrame({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className={className} {...{ [imageFrameAttribute]: "" }}>
      {children}
      <span className="image-missing-label" aria-hidden="true">
        {media.imageNotFound.alt}
      </span>
    </div>
  );
}

/**
 * Each backdrop links to its full-size image. With JavaScript the link opens a native modal
 * dialog instead (Escape, the close button and a click on the dimmed page close it; focus goes
 * back to the link); a tap before React is ready is held back and replayed as that, not followed.
 */
export function BackdropGallery({ items }: { items: readonly Backdrop[] }) {
  const [hydrated, setHydrated] = useState(false);
  const [selected, setSelected] = useState<Backdrop | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => setHydrated(true), []);

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
  }, []);

  return (
    <>
      <ul className="card-grid backdrop-grid">
        {items.map((item) => (
          <li key={item.id} className="card card-link backdrop-card">
            <ImageFrame className="backdrop-thumb">
              <MediaImg image={item.image} className="card-image" />
            </ImageFrame>
            <div className="card-body">
              <h2 className="card-title">{item.title}</h2>
              <p>{item.description}</p>
              <a
                href={media[item.image].src}
                className="text-button"
                aria-haspopup={hydrated ? "dialog" : undefined}
                {...{ [holdClickAttribute]: "" }}
                onClick={(event) => {
                  // A click with a modifier key opens the image in a new tab or window, as links do.
                  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  opener.current = event.currentTarget;
                  setSelected(item);
                }}
              >
                View larger<span className="visually-hidden"> image of the {item.title} backdrop</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
      <dialog ref={dialog} className="modal" aria-labelledby={selected ? "backdrop-dialog-title" : undefined}>
        {selected ? (
          <div className="modal-panel">
            <button type="button" className="modal-close" onClick={() => dialog.current?.close()}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Close</span>
            </button>
            <ImageFrame className="modal-frame">
              <MediaImg image={selected.image} className="modal-image" />
            </ImageFrame>
            <h2 id="backdrop-dialog-title">{selected.title} backdrop</h2>
            <p>{selected.description}</p>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
