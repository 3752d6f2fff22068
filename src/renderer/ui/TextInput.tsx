import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react'

export function TextInput({ className, ref, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} type="text" className={`input${className ? ` ${className}` : ''}`} {...rest} />
}

export function TextArea({ className, ref, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={`input textarea${className ? ` ${className}` : ''}`} {...rest} />
}
