import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClasses } from "#app/components/ui/button.tsx";

/**
 * An optional drawn signature (finger, pen or mouse) on the client's page: a canvas
 * whose PNG goes in a hidden field. The proof of acceptance does not rest on it (the
 * e-mailed code does): without scripts, or without drawing, the field stays empty.
 */
export function SignaturePad({ name, label }: { name: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [value, setValue] = useState("");

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context) return;
    context.lineWidth = 2.5;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#0f172a";
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const element = event.currentTarget;
    const box = element.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * element.width) / box.width,
      y: ((event.clientY - box.top) * element.height) / box.height,
    };
  };

  const clear = useCallback(() => {
    const element = canvas.current;
    element?.getContext("2d")?.clearRect(0, 0, element.width, element.height);
    setValue("");
  }, []);

  return (
    <div className="grid gap-2">
      <span id={`${name}-label`} className="text-sm font-semibold text-slate-800">
        {label}
      </span>
      <canvas
        ref={canvas}
        width={600}
        height={200}
        role="img"
        aria-labelledby={`${name}-label`}
        className="h-40 w-full touch-none rounded-lg border border-slate-400 bg-white"
        onPointerDown={(event) => {
          const context = event.currentTarget.getContext("2d");
          if (!context) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          const { x, y } = point(event);
          context.beginPath();
          context.moveTo(x, y);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const context = event.currentTarget.getContext("2d");
          const { x, y } = point(event);
          context?.lineTo(x, y);
          context?.stroke();
        }}
        onPointerUp={(event) => {
          drawing.current = false;
          setValue(event.currentTarget.toDataURL("image/png"));
        }}
      />
      <input type="hidden" name={name} value={value} />
      <div>
        <button type="button" onClick={clear} className={buttonClasses("outline", "md")}>
          Effacer la signature
        </button>
      </div>
    </div>
  );
}
