// Renders the toast store (lib/use-toast). Mounted once, inside the app providers.
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useToast } from '@/lib/use-toast';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, variant = 'default', open }) => {
        const Icon = variant === 'destructive' ? CircleAlert : CircleCheck;
        return (
          <Toast
            key={id}
            variant={variant}
            open={open}
            // Errors interrupt the screen reader; confirmations wait their turn.
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(isOpen) => {
              if (!isOpen) dismiss(id);
            }}
          >
            <Icon aria-hidden className={variant === 'destructive' ? 'mt-0.5 size-5 shrink-0' : 'mt-0.5 size-5 shrink-0 text-success'} />
            <div className="grid min-w-0 gap-1">
              <ToastTitle>{title}</ToastTitle>
              {description && <ToastDescription>{description}</ToastDescription>}
            </div>
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport />
    </ToastProvider>
  );
}
