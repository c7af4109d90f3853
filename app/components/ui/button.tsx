import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "destructive";
export type ButtonSize = "md" | "lg" | "cta" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-heading font-semibold transition-colors " +
  "focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-accent-600 text-white hover:bg-accent-700",
  secondary: "bg-brand-700 text-white hover:bg-brand-800",
  outline: "border-2 border-brand-700 bg-white text-brand-700 hover:bg-brand-50",
  ghost: "text-brand-700 hover:bg-brand-50",
  destructive: "bg-red-700 text-white hover:bg-red-800",
};

// 44 px is the minimum touch target; call-to-action buttons get 48 px (spec section 9).
const sizes: Record<ButtonSize, string> = {
  md: "min-h-11 px-4 text-sm",
  lg: "min-h-12 px-6 text-base",
  cta: "min-h-12 px-6 text-base",
  icon: "size-11",
};

/** Classes of a button, for `<Link>` and `<a>` that must look like one. */
export function buttonClasses(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  extra = "",
): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
