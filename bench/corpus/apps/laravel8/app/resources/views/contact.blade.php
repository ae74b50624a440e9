@extends('layouts.app')

@section('title', 'Contact')

@section('content')
    <h1>Write to us</h1>
    <p>Questions, corrections, ideas for a post: we read every message.</p>

    @if ($errors->any())
        <x-alert type="error" message="Please check the form: some fields need attention.">
            <ul>
                @foreach ($errors->all() as $error)
                    <li>{{ $error }}</li>
                @endforeach
            </ul>
        </x-alert>
    @endif

    <form class="contact-form" method="POST" action="{{ route('contact.send') }}" novalidate>
        @csrf

        <label for="name">Name</label>
        <input id="name" name="name" type="text" maxlength="100" value="{{ old('name') }}" required>
        @error('name')<p class="field-error">{{ $message }}</p>@enderror

        <label for="email">Email</label>
        <input id="email" name="email" type="email" maxlength="255" value="{{ old('email') }}" required>
        @error('email')<p class="field-error">{{ $message }}</p>@enderror

        <label for="message">Message</label>
        <textarea id="message" name="message" rows="6" maxlength="5000" required>{{ old('message') }}</textarea>
        @error('message')<p class="field-error">{{ $message }}</p>@enderror

        <button type="submit">Send</button>
    </form>
@endsection
